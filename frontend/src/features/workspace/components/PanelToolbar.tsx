import { Input, Segmented } from 'antd';

interface Props<F extends string> {
  /** The two views of the panel (Active / Inactive, Active / Archived). */
  filters: [F, F];
  filter: F;
  filterLabel: string;
  onFilter: (filter: F) => void;
  search: string;
  searchPlaceholder: string;
  searchLabel: string;
  onSearch: (text: string) => void;
}

/** A workspace panel's toolbar: the view switch and the search box (its caller debounces). */
export function PanelToolbar<F extends string>({ filters, filter, filterLabel, onFilter, search, searchPlaceholder, searchLabel, onSearch }: Props<F>) {
  return (
    <div className="workspace-toolbar">
      <Segmented<F> options={filters} value={filter} onChange={onFilter} aria-label={filterLabel} />
      <Input.Search
        placeholder={searchPlaceholder}
        aria-label={searchLabel}
        allowClear
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        onSearch={onSearch}
      />
    </div>
  );
}
