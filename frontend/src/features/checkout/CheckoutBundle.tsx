// The checkout's one lazy chunk: the page, the modal and the header's status icon load together.
export { default as CheckoutPage } from './pages/CheckoutPage';
export { default as CheckoutModal, CheckoutStatusIcon } from './components/CheckoutModal';
export { LiveTimesContext, type LiveDayTimes } from './liveTimes';
