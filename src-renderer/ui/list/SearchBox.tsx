import { Input, Label, SearchField } from 'react-aria-components';

/** The list's search box: labelled "Search"; `/` focuses it (app/keyboard.ts looks for its id). */
export function SearchBox({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <SearchField className="field search-field" value={value} onChange={onChange} aria-keyshortcuts="/">
      <Label>Search</Label>
      <Input id="list-search" placeholder={placeholder ?? 'Search'} />
    </SearchField>
  );
}
