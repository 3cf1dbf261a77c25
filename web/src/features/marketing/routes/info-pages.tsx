import { InfoPage } from '../components/info-page';

export const PaymentsPage = () => <InfoPage page="payments" />;
