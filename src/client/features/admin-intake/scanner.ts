// Reading a barcode from the phone's camera (docs/decisions/0330-phone-intake-and-lot-labels.md): the
// browser's own BarcodeDetector where it exists, otherwise @zxing/browser, loaded only when asked for
// so it is its own chunk and never in the storefront bundle.

/** The formats a lot label (Code 128) or a product's UPC/EAN can be printed in. */
const FORMATS = ['code_128', 'upc_a', 'upc_e', 'ean_13', 'ean_8'];

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

export type ScanEngine = 'native' | 'zxing';

/** Which reader this browser uses. */
export function scanEngine(scope: { BarcodeDetector?: unknown } = globalThis as never): ScanEngine {
  return typeof scope.BarcodeDetector === 'function' ? 'native' : 'zxing';
}

/** Stops a running scan and lets go of the camera. */
export type StopScan = () => void;

/**
 * Starts reading codes from the back camera into the video element; calls onCode with the first code
 * read and stops. Answers the function that stops it early.
 */
export async function startScan(video: HTMLVideoElement, onCode: (code: string) => void): Promise<StopScan> {
  if (scanEngine() === 'native') {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    video.srcObject = stream;
    await video.play();
    const Detector = (globalThis as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Detector({ formats: FORMATS });
    let stopped = false;
    const stop = () => {
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    };
    const tick = async () => {
      if (stopped) return;
      const found = await detector.detect(video).catch(() => []);
      if (found[0]?.rawValue) {
        stop();
        onCode(found[0].rawValue);
        return;
      }
      requestAnimationFrame(() => void tick());
    };
    void tick();
    return stop;
  }
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader();
  const controls = await reader.decodeFromConstraints(
    { video: { facingMode: 'environment' } },
    video,
    (result, _error, ctrl) => {
      if (!result) return;
      ctrl.stop();
      onCode(result.getText());
    },
  );
  return () => controls.stop();
}
