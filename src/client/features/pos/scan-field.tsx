// Adding a lot by its code (docs/decisions/0610-till-page.md): the field keeps the focus, so a
// keyboard-wedge scanner's fast keystrokes and its Enter land here and add the lot; the camera scanner is
// the intake screen's (admin-intake's startScan); a search lists lots by name to tap.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { type StopScan, startScan } from '~/client/features/admin-intake';
import { useT } from '~/client/lib/i18n';
import { POS } from './pos.messages';

export function ScanField({ onCode, busy }: { onCode: (code: string) => Promise<void>; busy?: boolean }) {
  const t = useT(POS);
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<StopScan | null>(null);

  useEffect(() => () => stop.current?.(), []);

  const submit = async (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    setCode('');
    await onCode(trimmed);
    input.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  const scan = async () => {
    setCameraError(false);
    setScanning(true);
    try {
      stop.current = await startScan(video.current!, (value) => {
        setScanning(false);
        stop.current = null;
        void submit(value);
      });
    } catch {
      setScanning(false);
      setCameraError(true);
    }
  };

  const cancel = () => {
    stop.current?.();
    stop.current = null;
    setScanning(false);
  };

  return (
    <div className="grid gap-2">
      <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit}>
        <TextField
          ref={input}
          className="min-w-48 flex-1"
          label={t('code')}
          hint={t('codeHint')}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="enter"
          autoFocus
        />
        <Button type="submit" size="lg" pending={busy}>
          {t('add')}
        </Button>
        {scanning ? (
          <Button size="lg" variant="secondary" onClick={cancel}>
            {t('stopCamera')}
          </Button>
        ) : (
          <Button size="lg" variant="secondary" onClick={() => void scan()}>
            {t('camera')}
          </Button>
        )}
      </form>
      {cameraError && (
        <p role="alert" className="text-sm text-red-700">
          {t('cameraError')}
        </p>
      )}
      <video
        ref={video}
        aria-label={t('cameraVideo')}
        className={scanning ? 'w-full max-w-sm rounded-lg bg-black' : 'hidden'}
        playsInline
        muted
      />
    </div>
  );
}
