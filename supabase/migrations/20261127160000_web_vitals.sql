-- Shoppers' own Core Web Vitals (issue 22 part 5, decision 0105-field-web-vitals): one row per measurement a
-- sampled page view sent, kept under its page template and Indian day only (no time of day, address, account,
-- path or query), pruned after 35 days by the job vitals.prune. The desk's reports read the 75th percentile.
create table web_vital_samples (
  id bigint generated always as identity primary key,
  day date not null,
  template text not null check (template in ('home', 'listing', 'product', 'cart', 'checkout', 'article', 'other')),
  metric text not null check (metric in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
  value double precision not null check (value >= 0)
);
create index web_vital_samples_day_idx on web_vital_samples (day, metric, template);
