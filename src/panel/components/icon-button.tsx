// A button drawn as an icon: the icon is decoration (aria-hidden), the button
// carries the accessible name and shows it as a tooltip. With `showLabel` the name
// is also written beside the icon.
import type { ButtonHTMLAttributes, ComponentType } from 'preact';
import type { LucideProps } from 'lucide-preact';

/** Props of {@link IconButton}. */
export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'icon'> & {
  readonly icon: ComponentType<LucideProps>;
  /** The accessible name (and tooltip). */
  readonly label: string;
  readonly showLabel?: boolean;
};

/** An icon button with an accessible name. */
export function IconButton({ icon: Icon, label, showLabel = false, ...rest }: IconButtonProps) {
  const extra = typeof rest.class === 'string' ? ` ${rest.class}` : '';
  return (
    <button
      type="button"
      title={label}
      aria-label={showLabel ? undefined : label}
      {...rest}
      class={`icon-button${showLabel ? '' : ' icon-only'}${extra}`}
    >
      <Icon aria-hidden="true" size={16} strokeWidth={1.75} />
      {showLabel ? <span>{label}</span> : null}
    </button>
  );
}
