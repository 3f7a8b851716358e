// The grievance officer named on the grievance pages and in the acknowledgements (Consumer Protection
// (E-Commerce) Rules 2020, rule 4(4)). Read here from GRIEVANCE_OFFICER_* until the store's identity
// configuration (src/lib/env.server.ts) names the officer; then this reads it from there.
import { env } from '../../lib/env.server';
import { CONTACT } from '../layout/site-links';

export interface GrievanceOfficer {
  name: string;
  designation: string;
  email: string;
  phone: string;
}

export function grievanceOfficer(): GrievanceOfficer {
  const read = (name: string) => process.env[name]?.trim() || undefined;
  return {
    name: read('GRIEVANCE_OFFICER_NAME') ?? 'Grievance Officer',
    designation: read('GRIEVANCE_OFFICER_DESIGNATION') ?? 'Grievance Officer, Vedara Ayurveda',
    email: read('GRIEVANCE_OFFICER_EMAIL') ?? env().STORE_EMAIL,
    phone: read('GRIEVANCE_OFFICER_PHONE') ?? CONTACT.phone,
  };
}
