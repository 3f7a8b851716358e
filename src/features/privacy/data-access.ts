// What the staff access log names (docs/decisions: staff access log across the desk): the record a desk
// page opened, when the person may have no account, and how long a row is kept.
export const ACCESSED_RECORD_KINDS = ['order', 'grievance', 'appointment', 'lead', 'review', 'export'] as const;
export type AccessedRecordKind = (typeof ACCESSED_RECORD_KINDS)[number];

/** The DPDP Rules ask for a year; a month more so a row is never dropped a day early. */
export const ACCESS_LOG_KEEP_MONTHS = 13;
