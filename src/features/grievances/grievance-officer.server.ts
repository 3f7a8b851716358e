// The grievance officer named on the grievance pages and in the acknowledgements (Consumer Protection
// (E-Commerce) Rules 2020, rule 4(4)): the store's identity configuration (GRIEVANCE_OFFICER_*).
import { storeIdentity } from '../layout/store-identity.server';

export interface GrievanceOfficer {
  name: string;
  designation: string;
  email: string;
  phone: string;
}

export const grievanceOfficer = (): GrievanceOfficer => storeIdentity().grievanceOfficer;
