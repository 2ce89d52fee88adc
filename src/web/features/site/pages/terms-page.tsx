import { TermsOfService } from '../components/terms-of-service';

export function TermsPage() {
  return <TermsOfService />;
}
