import { SearchIcon } from "../ui/icons";

interface SearchFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The form the input and button belong to, when they sit outside it. */
  form?: string;
  maxLength?: number;
}

/** The phone search box with its button, as the hero and the shop show it. */
export function SearchField({ id, value, onChange, form, maxLength }: SearchFieldProps) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Search phones
      </label>
      <div className="relative flex-1">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-gray-500" />
        <input
          id={id}
          type="search"
          name="search"
          form={form}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={maxLength}
          placeholder="Search iPhone 13, Galaxy S21…"
          autoComplete="off"
          enterKeyHint="search"
          className="h-12 w-full rounded-lg border border-gray-300 bg-white pl-10 pr-3 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-strong focus:outline-none focus:ring-2 focus:ring-brand-strong/30"
        />
      </div>
      <button
        type="submit"
        form={form}
        className="h-12 shrink-0 rounded-lg bg-brand-strong px-5 text-base font-semibold text-white hover:opacity-90"
      >
        Search
      </button>
    </>
  );
}
