// The files chosen in one of the import page's file inputs, checked as they are picked: a CSV file, or
// pictures only. A wrong pick shows a toast and empties the input.
import { useRef, useState } from 'react';
import { IMAGE_FILE_PATTERN } from '~/shared/schemas/admin-products';
import { toast } from '~/client/components/ui/toast-store';

const isImageFile = (f: File) => f.type.startsWith('image/') || IMAGE_FILE_PATTERN.test(f.name);

const RULES = {
  csv: {
    accepts: (files: File[]) => files.every((f) => f.name.toLowerCase().endsWith('.csv')),
    refusal: { title: 'Invalid File', description: 'Please select a CSV file.' },
  },
  images: {
    accepts: (files: File[]) => files.every(isImageFile),
    refusal: { title: 'Invalid Files', description: 'Please select only image files' },
  },
} as const;

export type FilePick = ReturnType<typeof useFilePick>;

export function useFilePick(kind: keyof typeof RULES) {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const clear = () => {
    if (input.current) input.current.value = '';
    setFiles([]);
  };
  const pick = (list: FileList | null) => {
    // A CSV import takes one file: the first picked.
    const picked = kind === 'csv' ? [...(list ?? [])].slice(0, 1) : [...(list ?? [])];
    if (!RULES[kind].accepts(picked)) {
      toast({ ...RULES[kind].refusal, variant: 'destructive' });
      clear();
      return;
    }
    setFiles(picked);
  };
  return { input, files, pick, clear };
}
