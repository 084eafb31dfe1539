// Phone intake (/admin/intake; docs/decisions/0330-phone-intake-and-lot-labels.md): scan a UPC or a lot
// label with the camera, or type the code (keyboard wedge scanners type it and press Enter), pick the
// lot among the matches (drafts first), take photos straight into its pictures, grade it, and print its
// lot label through the browser's print dialog.
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { PRODUCT_CONDITIONS, type ProductCondition } from '~/shared/constants';
import { formatMoney } from '~/shared/money';
import type { IntakeMatch } from '~/shared/schemas/admin-intake';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { ApiError, apiRequest } from '~/client/lib/api';
import { type StopScan, startScan } from './scanner';

const failure = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

/** The label page: only the label is printed, at the label's own size. */
const PRINT_CSS = `@media print {
  @page { size: 57mm 32mm; margin: 0; }
  body * { visibility: hidden; }
  .lot-label, .lot-label * { visibility: visible; }
  .lot-label { position: fixed; left: 0; top: 0; width: 57mm; height: 32mm; }
}`;

/**
 * Photos from the phone's back camera (or its gallery), uploaded one after the other into the lot's
 * pictures through the same checks as every product picture. Each answer is the lot with its new version,
 * so the grading form, left as typed, saves on top of the photos rather than being refused.
 */
function TakePhotos({ match, onChange }: { match: IntakeMatch; onChange: (lot: IntakeMatch) => void }) {
  const [uploading, setUploading] = useState(0);
  const [added, setAdded] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    setAdded(0);
    setProblems([]);
    setUploading(files.length);
    for (const file of files) {
      const form = new FormData();
      form.append('image', file);
      try {
        onChange(
          await apiRequest<IntakeMatch>('POST', `/api/admin/intake/products/${match.id}/images`, form),
        );
        setAdded((n) => n + 1);
      } catch (error) {
        const why = failure(error, 'The photo could not be uploaded. Please try again.');
        setProblems((list) => [...list, `${file.name}: ${why}`]);
      } finally {
        setUploading((n) => n - 1);
      }
    }
    input.value = '';
  };
  return (
    <div className="grid gap-2">
      {match.images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Pictures">
          {match.images.map((url, i) => (
            <li key={url}>
              <img
                src={url}
                alt={`${match.name}, ${i + 1} of ${match.images.length}`}
                className="h-16 w-16 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No pictures yet.</p>
      )}
      <label className="flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-slate-50">
        {uploading > 0 ? 'Uploading photos...' : 'Take photos'}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="sr-only"
          disabled={uploading > 0}
          onChange={(event) => void onFiles(event)}
        />
      </label>
      {problems.length > 0 && (
        <ul role="alert" className="list-disc pl-5 text-sm text-red-700">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {uploading === 0 && added > 0 && (
        <p role="status">{added === 1 ? '1 photo added.' : `${added} photos added.`}</p>
      )}
    </div>
  );
}

/**
 * What the grader sets, saved with the lot's current version (photos taken meanwhile move it on); a 409
 * shows the lot as it now is.
 */
function GradeForm({
  match,
  onSaved,
  onConflict,
}: {
  match: IntakeMatch;
  onSaved: (saved: IntakeMatch) => void;
  onConflict: (current: IntakeMatch) => void;
}) {
  const [condition, setCondition] = useState<ProductCondition>(match.condition);
  const [notes, setNotes] = useState(match.conditionNotes);
  const [price, setPrice] = useState(match.price);
  const [shelf, setShelf] = useState(match.shelfLocation ?? '');
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      apiRequest<IntakeMatch>('PATCH', `/api/admin/intake/products/${match.id}`, {
        version: match.version,
        condition,
        conditionNotes: notes,
        price,
        shelfLocation: shelf,
      }),
    onSuccess: (result) => {
      setSaved(true);
      onSaved(result);
    },
    onError: (error) => {
      const current = error instanceof ApiError && error.status === 409 ? error.body?.product : undefined;
      if (current && typeof current === 'object') onConflict(current as IntakeMatch);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate();
  };
  return (
    <form className="grid gap-3" onSubmit={onSubmit}>
      <SelectField
        label="Condition"
        value={condition}
        onChange={(event) => setCondition(event.target.value as ProductCondition)}
      >
        {PRODUCT_CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {PRODUCT_CONDITION_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Condition notes"
        optional
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <TextField
        label="Price"
        inputMode="decimal"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
      />
      <TextField
        label="Shelf location"
        optional
        value={shelf}
        onChange={(event) => setShelf(event.target.value)}
      />
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {failure(save.error, 'The lot could not be saved. Please try again.')}
        </p>
      )}
      {saved && !save.isPending && <p role="status">Saved.</p>}
      <Button type="submit" size="lg" pending={save.isPending} pendingLabel="Saving...">
        Save
      </Button>
    </form>
  );
}

function MatchPanel({
  match,
  formRound,
  onChange,
  onConflict,
}: {
  match: IntakeMatch;
  /** Changes when the form must show the lot as it now is (after a conflict); not after a photo. */
  formRound: number;
  /** The lot as the server answered it: saved, changed by someone else, or with new photos. */
  onChange: (lot: IntakeMatch) => void;
  onConflict: (current: IntakeMatch) => void;
}) {
  const labelUrl = `/api/admin/products/${match.id}/label?v=${match.version}`;
  return (
    <Card className="grid gap-3 p-4">
      <h3 className="text-lg font-semibold">{match.name}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>Lot number</dt>
        <dd>{match.lotNumber ?? '-'}</dd>
        <dt>UPC</dt>
        <dd>{match.upc ?? '-'}</dd>
        <dt>Status</dt>
        <dd>{match.draft ? 'Draft' : 'On sale'}</dd>
        <dt>Condition</dt>
        <dd>{PRODUCT_CONDITION_LABELS[match.condition]}</dd>
        <dt>Price</dt>
        <dd>{formatMoney(match.price)}</dd>
        <dt>Shelf location</dt>
        <dd>{match.shelfLocation ?? '-'}</dd>
      </dl>
      <TakePhotos match={match} onChange={onChange} />
      <GradeForm key={`${match.id}:${formRound}`} match={match} onSaved={onChange} onConflict={onConflict} />
      {match.lotNumber ? (
        <>
          <style>{PRINT_CSS}</style>
          <img
            className="lot-label w-56 border border-slate-200"
            src={labelUrl}
            alt={`Lot label for ${match.lotNumber}`}
          />
          <Button size="lg" variant="secondary" onClick={() => window.print()}>
            Print label
          </Button>
        </>
      ) : (
        <p className="text-sm text-slate-600">This product has no lot number, so it has no label to print.</p>
      )}
    </Card>
  );
}

export default function IntakeTab() {
  const [code, setCode] = useState('');
  const [matches, setMatches] = useState<IntakeMatch[] | null>(null);
  const [chosen, setChosen] = useState<IntakeMatch | null>(null);
  const [formRound, setFormRound] = useState(0);
  const [scanning, setScanning] = useState(false);
  const [scanError, setScanError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stopScan = useRef<StopScan | null>(null);

  const lookup = useMutation({
    mutationFn: (value: string) =>
      apiRequest<{ matches: IntakeMatch[] }>(
        'GET',
        `/api/admin/intake/lookup?code=${encodeURIComponent(value)}`,
      ),
    onSuccess: (data) => {
      setMatches(data.matches);
      setChosen(data.matches.length === 1 ? data.matches[0]! : null);
    },
  });

  useEffect(() => () => stopScan.current?.(), []);

  const find = (value: string) => {
    setCode(value);
    setMatches(null);
    setChosen(null);
    lookup.mutate(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    find(code);
  };

  const scan = async () => {
    setScanError(null);
    setScanning(true);
    try {
      stopScan.current = await startScan(video.current!, (value) => {
        setScanning(false);
        stopScan.current = null;
        find(value);
      });
    } catch {
      setScanning(false);
      setScanError('The camera could not be opened. Allow the camera for this site, or type the code.');
    }
  };

  const cancelScan = () => {
    stopScan.current?.();
    stopScan.current = null;
    setScanning(false);
  };

  return (
    <div className="mx-auto grid max-w-md gap-4">
      <h2 className="text-xl font-semibold">Intake</h2>
      <form className="grid gap-3" onSubmit={onSubmit}>
        <TextField
          label="Lot number or UPC"
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="search"
          error={lookup.isError ? failure(lookup.error, 'The lookup failed. Please try again.') : undefined}
        />
        <div className="grid grid-cols-2 gap-3">
          <Button type="submit" size="lg" pending={lookup.isPending} pendingLabel="Finding...">
            Find
          </Button>
          {scanning ? (
            <Button size="lg" variant="secondary" onClick={cancelScan}>
              Stop camera
            </Button>
          ) : (
            <Button size="lg" variant="secondary" onClick={() => void scan()}>
              Scan
            </Button>
          )}
        </div>
      </form>
      {scanError && (
        <p role="alert" className="text-sm text-red-700">
          {scanError}
        </p>
      )}
      <video ref={video} className={scanning ? 'w-full rounded-lg bg-black' : 'hidden'} playsInline muted />
      {matches && matches.length === 0 && <p role="status">No lot or product has the code {code}.</p>}
      {matches && matches.length > 1 && !chosen && (
        <div className="grid gap-2">
          <p role="status">{matches.length} lots have this code. Choose one:</p>
          {matches.map((match) => (
            <Button key={match.id} size="lg" variant="secondary" onClick={() => setChosen(match)}>
              {match.lotNumber ?? 'No lot number'}: {match.name}
              {match.draft ? ' (draft)' : ''}
            </Button>
          ))}
        </div>
      )}
      {chosen && (
        <MatchPanel
          match={chosen}
          formRound={formRound}
          onChange={setChosen}
          onConflict={(current) => {
            setChosen(current);
            setFormRound((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
