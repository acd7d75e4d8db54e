// The checkout's lazy chunk as the office loads it (app/shell/OfficeHeader.tsx): the checkout
// feature's page, modal and status icon, handed the tracking tag (the tracker's state) from here.
import type { ComponentProps } from 'react';
import {
  CheckoutModal as FeatureCheckoutModal,
  CheckoutPage as FeatureCheckoutPage,
  CheckoutStatusIcon,
} from '../../features/checkout/CheckoutBundle';
import { CheckoutTrackingTag } from './CheckoutTrackingTag';

export function CheckoutPage() {
  return <FeatureCheckoutPage trackingTag={<CheckoutTrackingTag />} />;
}

export function CheckoutModal(props: Omit<ComponentProps<typeof FeatureCheckoutModal>, 'trackingTag'>) {
  return <FeatureCheckoutModal {...props} trackingTag={<CheckoutTrackingTag />} />;
}

export { CheckoutStatusIcon };
