import { describe, expect, it } from 'vitest';
import { shareableLink } from './file-link';

describe('shareableLink', () => {
  it('copies the Drive address for a Google account', () => {
    expect(
      shareableLink(
        { id: 'f1', webViewLink: 'https://drive.google.com/file/d/f1/view' },
        { id: 'g@x.com', kind: 'google' },
      ),
    ).toEqual({ url: 'https://drive.google.com/file/d/f1/view', where: 'google' });
  });

  it('never copies the loopback address of a local file; it copies an atrium:// link with the account', () => {
    expect(
      shareableLink(
        { id: 'a b', webViewLink: 'http://127.0.0.1:5555/drive/v3/files/a%20b?view=1' },
        { id: 'local', kind: 'local' },
      ),
    ).toEqual({ url: 'atrium://file/a%20b?account=local', where: 'local' });
  });
});
