import { InfoPage } from '../components/info-page';

export const AboutPage = () => <InfoPage page="about" />;
export const PrivacyPage = () => <InfoPage page="privacy" />;
export const TermsPage = () => <InfoPage page="terms" />;
export const ContactPage = () => <InfoPage page="contact" />;
export const PaymentsPage = () => <InfoPage page="payments" />;
