import { useState } from 'react';
import { Button } from 'antd';
import { saveFile } from '../saveFile';

export const RECOVERY_CODES_FILE = 'remote-office-recovery-codes.txt';

/** The recovery codes, shown once after the set-up, with Copy and Download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div>
      <p style={{ margin: '0 0 8px' }}>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        style={{ columns: 2, columnGap: 24, margin: '0 0 12px', padding: '8px 8px 8px 32px', background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, fontFamily: 'monospace', fontSize: 14 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button onClick={copy}>{copied ? 'Copied' : 'Copy codes'}</Button>
        <Button onClick={() => saveFile(new Blob([`${text}\n`], { type: 'text/plain' }), RECOVERY_CODES_FILE)}>Download</Button>
      </div>
    </div>
  );
}
