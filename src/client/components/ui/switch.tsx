import { Switch as RadixSwitch } from 'radix-ui';

/**
 * An on/off switch (Radix: role switch, Space toggles). Named by `label` (aria-label) when it stands
 * alone, or by a <label htmlFor={id}> beside it.
 */
export function Switch({
  checked,
  onCheckedChange,
  disabled,
  ...name
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
} & ({ label: string; id?: string } | { id: string; label?: undefined })) {
  return (
    <RadixSwitch.Root
      id={name.id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={name.label}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors disabled:opacity-50 data-[state=checked]:bg-brand-600"
    >
      <RadixSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </RadixSwitch.Root>
  );
}
