// Privacy (administrators): the incident register, one address's marketing consent history, the export
// of the addresses the store may mail now, and the privacy officer and mailing address the privacy page
// and marketing e-mails show (docs/decisions/0560-0564). The admin area stays English (decision 0340).
import { ConsentLookup } from './consent-lookup';
import { IncidentRegister } from './incident-register';
import { PrivacySettings } from './privacy-settings';

export default function PrivacyTab() {
  return (
    <div className="grid max-w-4xl gap-6">
      <h2 className="text-xl font-semibold">Privacy</h2>
      <IncidentRegister />
      <ConsentLookup />
      <PrivacySettings />
    </div>
  );
}
