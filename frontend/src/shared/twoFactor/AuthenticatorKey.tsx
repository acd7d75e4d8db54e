import type { TwoFactorSetup } from '../../api/types';
import { groupedKey } from './groupedKey';

/**
 * A new authenticator's QR code (an SVG the server made from the otpauth:// address) and its key
 * for entering by hand. Used by the profile's set-up and by the sign-in's (a workspace that
 * requires two-factor sign-in).
 */
export function AuthenticatorKey({ setup }: { setup: TwoFactorSetup }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' }}>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code to scan with your authenticator app"
        width={168}
        height={168}
        style={{ background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, flex: 'none' }}
      />
      <div style={{ minWidth: 0, flex: '1 1 180px' }}>
        <div style={{ color: 'rgba(0, 0, 0, 0.6)', marginBottom: 4 }}>Can’t scan it? Enter this key in the app:</div>
        <code
          data-testid="two-factor-secret"
          aria-label="Setup key"
          style={{ display: 'block', fontSize: 15, letterSpacing: 1, overflowWrap: 'anywhere', userSelect: 'all', padding: '6px 8px', background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6 }}
        >
          {groupedKey(setup.secret)}
        </code>
      </div>
    </div>
  );
}
