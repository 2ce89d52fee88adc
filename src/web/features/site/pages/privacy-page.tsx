import { PrivacyPolicy } from '../components/privacy-policy';

export function PrivacyPage() {
  return <PrivacyPolicy />;
}
