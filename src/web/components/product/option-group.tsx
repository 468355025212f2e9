import { useId, useImperativeHandle, useRef, type KeyboardEvent, type ReactNode, type Ref } from "react";

export type OptionGroupHandle = { focus: () => void };

type Props = {
  /** Lets the purchase panel move focus to this group when a choice is missing. */
  handleRef?: Ref<OptionGroupHandle>;
  label: string;
  /** Shown after the label, e.g. the chosen colour's name. */
  valueText?: string | null;
  options: readonly string[];
  value: string | null;
  onChange: (option: string) => void;
  /** The shopper tried to buy without this choice: the group is outlined in red. */
  invalid?: boolean;
  disabled?: boolean;
  renderOption: (option: string, checked: boolean) => ReactNode;
  optionClassName: (checked: boolean) => string;
};

/**
 * A WAI-ARIA radio group of buttons: one tab stop (the chosen option, or the first), arrow keys
 * move and choose, Home/End jump to the ends. Used for colour swatches and size buttons.
 */
export function OptionGroup({
  handleRef,
  label,
  valueText,
  options,
  value,
  onChange,
  invalid = false,
  disabled = false,
  renderOption,
  optionClassName,
}: Props) {
  const labelId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const checkedIndex = options.findIndex((option) => option === value);
  const tabStop = checkedIndex >= 0 ? checkedIndex : 0;

  useImperativeHandle(handleRef, () => ({ focus: () => buttons.current[tabStop]?.focus() }), [tabStop]);

  const choose = (index: number) => {
    const option = options[index];
    if (option === undefined) return;
    onChange(option);
    buttons.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = options.length - 1;
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next > last ? 0 : next < 0 ? last : next);
  };

  return (
    <div>
      <p id={labelId} className={`mb-2 text-sm font-medium ${invalid ? "text-red-700" : ""}`}>
        {label}
        {valueText ? <span className="font-normal text-brand-900/70">: {valueText}</span> : null}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        className={`flex flex-wrap gap-2 rounded-md ${invalid ? "outline outline-2 outline-offset-4 outline-red-600" : ""}`}
      >
        {options.map((option, index) => {
          const checked = option === value;
          return (
            <button
              key={option}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={index === tabStop ? 0 : -1}
              disabled={disabled}
              onClick={() => choose(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={optionClassName(checked)}
            >
              {renderOption(option, checked)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
