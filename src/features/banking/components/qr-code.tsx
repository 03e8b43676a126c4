import { useEffect, useRef } from 'react';
import styles from './banking.module.css';

/**
 * A QR code drawn here in the browser (`qrcode`): an otpauth:// secret or a deposit address
 * never goes to a third-party image service. Its text is always shown beside it as well.
 * The encoder is fetched when a code is drawn, not with the banking screen.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    void import('qrcode').then(({ default: QRCode }) => {
      if (canvas.current) void QRCode.toCanvas(canvas.current, value, { width: 208, margin: 2, errorCorrectionLevel: 'M' });
    });
  }, [value]);
  return <canvas ref={canvas} role="img" aria-label={label} className={styles.qr} />;
}
