import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/index.ts';
import { downloadBlob, fileSafe } from './download.ts';

/** The short URL as a QR code, downloadable as PNG or SVG. */
export function QrCode({ text, name }: { text: string; name: string }) {
  const [codes, setCodes] = useState<{ png: string; svg: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Both drawn up front, so a failure of either is said here rather than lost in a button's handler.
    Promise.all([
      QRCode.toDataURL(text, { margin: 2, width: 512, errorCorrectionLevel: 'M' }),
      QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
    ]).then(
      ([png, svg]) => live && setCodes({ png, svg }),
      (failure: unknown) => live && setError(String(failure)),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (error) return <p className="field-error">The QR code could not be drawn: {error}</p>;
  return (
    <div className="qr">
      {codes ? <img src={codes.png} alt={`QR code for ${text}`} width={160} height={160} /> : <div className="qr-placeholder" />}
      <div className="qr-actions">
        <Button
          size="small"
          isDisabled={!codes}
          onPress={() => {
            if (!codes) return;
            downloadBlob(`${fileSafe(name)}-qr.png`, dataUrlToBlob(codes.png));
          }}
        >
          Download PNG
        </Button>
        <Button
          size="small"
          isDisabled={!codes}
          onPress={() => {
            if (!codes) return;
            downloadBlob(`${fileSafe(name)}-qr.svg`, new Blob([codes.svg], { type: 'image/svg+xml' }));
          }}
        >
          Download SVG
        </Button>
      </div>
    </div>
  );
}

/** A base64 data URL as a Blob (fetch() of a data: URL is refused by the page's CSP). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
