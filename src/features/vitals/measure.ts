// The reporter's entry, built as a file of its own (./reporter-url.mjs) and added to the page by
// ./vitals-boot for a sampled page view only.
import { startReporting } from './reporter';

startReporting();
