import { type ReactNode, useId } from 'react';
import type { FilePick } from './use-file-pick';

const fileInputClass =
  'block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200';

/** A labelled file input bound to a pick, with an optional line below it. */
export function FileField({
  label,
  accept,
  multiple,
  pick,
  hint,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  pick: FilePick;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={pick.input}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        className={fileInputClass}
        onChange={(e) => pick.pick(e.target.files)}
      />
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}
