import { useEffect, useRef, useState } from 'react';
import { Button } from '@croft/ui';

/** Reads a QR code from one video frame: the browser's BarcodeDetector where there is one, else jsQR. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

async function frameReader(): Promise<FrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: new (options: { formats: string[] }) => DetectorLike }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  // Safari and Firefox have no BarcodeDetector: decode the frame ourselves (loaded only here).
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height)?.data ?? null;
  };
}

export interface QrScanProps {
  /** Called with each code read (the same code is not repeated within 3 s). */
  onCode: (code: string) => void;
  onClose: () => void;
}

/**
 * The phone's back camera reading ticket QR codes at the door. Needs camera permission; when the
 * camera cannot start it says so (the number box works without it).
 */
export function QrScan({ onCode, onClose }: QrScanProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: 0 };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use the camera here.');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await frameReader();
        const tick = async () => {
          if (stopped || !video.current) return;
          const code = await read(video.current).catch(() => null);
          if (code && (code !== last.code || Date.now() - last.at > 3000)) {
            last = { code, at: Date.now() };
            latest.current(code);
          }
          timer = setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch (error) {
        setProblem(error instanceof Error && error.name === 'NotAllowedError' ? 'Camera permission was refused: allow it in the browser settings, or type the ticket number.' : 'The camera could not start here: type the ticket number instead.');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="ca-scan">
      {problem ? (
        <p role="alert">{problem}</p>
      ) : (
        <video ref={video} className="ca-scan__video" muted playsInline aria-label="Camera: point it at a ticket's QR code" />
      )}
      <Button variant="secondary" onClick={onClose}>
        Stop scanning
      </Button>
    </div>
  );
}
