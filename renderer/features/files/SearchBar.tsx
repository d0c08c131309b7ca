import { memo, useEffect, useId, useState, type FormEvent, type Ref } from 'react';
import { ChoiceMenu, type Choice } from '../../components/ChoiceMenu';
import { DateField } from '../../components/DateField';
import { localeWeekStart } from '../../lib/civil-date';
import { useToday } from '../../lib/today';
import { FileIcon } from './FileIcon';
import { emptySearch, useFilesStore } from './files-store';
import {
  describeModified,
  describeOwner,
  hasSearch,
  typeFilterLabels,
  type ModifiedFilter,
  type OwnerFilter,
  type SearchFilters,
  type TypeFilter,
} from './model/search-query';

const typeChoices: Choice<TypeFilter | ''>[] = [
  { value: '', label: 'Any type' },
  ...Object.entries(typeFilterLabels).map(([value, label]) => ({
    value: value as TypeFilter,
    label,
    icon: <FileIcon kind={value as TypeFilter} />,
  })),
];

const ownerChoices: Choice<OwnerFilter['kind'] | ''>[] = [
  { value: '', label: 'Any owner' },
  { value: 'me', label: 'Owned by me' },
  { value: 'notMe', label: 'Not owned by me' },
  { value: 'person', label: 'Specific person…' },
];

const modifiedChoices: (Choice<string> & { filter?: ModifiedFilter })[] = [
  { value: '', label: 'Any time', buttonText: 'Modified: any time' },
  { value: 'today', label: 'Today', filter: { kind: 'today' } },
  { value: '7', label: 'Last 7 days', filter: { kind: 'days', days: 7 } },
  { value: '30', label: 'Last 30 days', filter: { kind: 'days', days: 30 } },
  { value: 'year', label: 'This year', filter: { kind: 'thisYear' } },
  { value: 'range', label: 'Custom range…', filter: { kind: 'range' } },
];

function modifiedValue(filter: ModifiedFilter | undefined): string {
  if (!filter) return '';
  if (filter.kind === 'days') return String(filter.days);
  if (filter.kind === 'thisYear') return 'year';
  return filter.kind;
}

function ownerValue(filter: OwnerFilter | undefined): string {
  return filter ? filter.kind : '';
}

/** The search box with its filter chips (type, owner, modified, starred); any change runs the search. */
export const SearchBar = memo(function SearchBar({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const search = useFilesStore((state) => state.search);
  const setSearch = useFilesStore((state) => state.setSearch);
  const goToPlace = useFilesStore((state) => state.goToPlace);
  const setLocation = useFilesStore((state) => state.setLocation);
  const place = useFilesStore((state) => state.location.place);
  const [text, setText] = useState(search.text);
  const [ownerEmail, setOwnerEmail] = useState(search.owner?.kind === 'person' ? search.owner.email : '');
  const ids = useId();

  useEffect(() => setText(search.text), [search.text]);

  const apply = (next: SearchFilters) => {
    setSearch(next);
    if (hasSearch(next)) setLocation({ place: 'search', path: [] });
    else if (place === 'search') goToPlace('myDrive');
  };

  // Typing searches after a short pause, so each key does not start a query.
  useEffect(() => {
    if (text === search.text) return;
    const timer = setTimeout(() => apply({ ...search, text }), 350);
    return () => clearTimeout(timer);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...search, text });
  };

  const clear = () => {
    setText('');
    setOwnerEmail('');
    apply(emptySearch);
  };

  const setOwner = (value: string) => {
    const { owner: _removed, ...rest } = search;
    if (value === 'me' || value === 'notMe') apply({ ...rest, owner: { kind: value } });
    else if (value === 'person') apply({ ...rest, owner: { kind: 'person', email: ownerEmail } });
    else apply(rest);
  };

  const setModified = (value: string) => {
    const { modified: _removed, ...rest } = search;
    const choice = modifiedChoices.find((c) => c.value === value);
    apply(choice?.filter ? { ...rest, modified: choice.filter } : rest);
  };

  const setType = (value: string) => {
    const { type: _removed, ...rest } = search;
    apply(value ? { ...rest, type: value as TypeFilter } : rest);
  };

  const range = search.modified?.kind === 'range' ? search.modified : null;
  const today = useToday();
  const active = hasSearch(search);

  return (
    <form className="search" role="search" onSubmit={submit} data-testid="files-search">
      <div className="search__box">
        <svg
          className="search__icon"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="6" />
          <path d="m20 20-4.5-4.5" />
        </svg>
        <input
          ref={inputRef}
          className="input search__input"
          type="search"
          placeholder="Search in Drive"
          aria-label="Search in Drive"
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="search-input"
        />
        {active ? (
          <button type="button" className="button button--ghost" onClick={clear} data-testid="search-clear">
            Clear
          </button>
        ) : null}
      </div>
      <div className="search__chips" aria-label="Search filters">
        <ChoiceMenu
          value={search.type ?? ''}
          choices={typeChoices}
          onChange={setType}
          label="Type"
          look="chip"
          active={Boolean(search.type)}
          testId="filter-type"
        />
        <ChoiceMenu
          value={ownerValue(search.owner)}
          choices={ownerChoices}
          onChange={setOwner}
          label="Owner"
          look="chip"
          active={Boolean(search.owner)}
          testId="filter-owner"
        />
        {search.owner?.kind === 'person' ? (
          <input
            className="input chip__input"
            type="email"
            placeholder="Owner’s email"
            aria-label="Owner’s email"
            value={ownerEmail}
            onChange={(event) => setOwnerEmail(event.target.value)}
            onBlur={() => apply({ ...search, owner: { kind: 'person', email: ownerEmail } })}
            data-testid="filter-owner-email"
          />
        ) : null}
        <ChoiceMenu
          value={modifiedValue(search.modified)}
          choices={modifiedChoices}
          onChange={setModified}
          label="Modified"
          look="chip"
          active={Boolean(search.modified)}
          testId="filter-modified"
        />
        {range ? (
          <>
            <label className="chip__range" htmlFor={`${ids}-after`}>
              After
              <DateField
                id={`${ids}-after`}
                value={range.after ?? ''}
                onChange={(after) => apply({ ...search, modified: { ...range, after } })}
                today={today}
                weekStart={localeWeekStart()}
                monthLabel="Modified after"
                {...(range.before ? { max: range.before } : {})}
                inputClassName="chip__input"
                optional={{ placeholder: 'Any day', clearLabel: 'Any day' }}
                testId="filter-after"
              />
            </label>
            <label className="chip__range" htmlFor={`${ids}-before`}>
              Before
              <DateField
                id={`${ids}-before`}
                value={range.before ?? ''}
                onChange={(before) => apply({ ...search, modified: { ...range, before } })}
                today={today}
                weekStart={localeWeekStart()}
                monthLabel="Modified before"
                {...(range.after ? { min: range.after } : {})}
                inputClassName="chip__input"
                optional={{ placeholder: 'Any day', clearLabel: 'Any day' }}
                testId="filter-before"
              />
            </label>
          </>
        ) : null}
        <button
          type="button"
          className={`chip chip--toggle${search.starred ? ' is-active' : ''}`}
          aria-pressed={Boolean(search.starred)}
          onClick={() => {
            const { starred: _removed, ...rest } = search;
            apply(search.starred ? rest : { ...rest, starred: true });
          }}
          data-testid="filter-starred"
        >
          ★ Starred
        </button>
        {active ? (
          <span className="visually-hidden" aria-live="polite">
            {[
              search.type ? typeFilterLabels[search.type] : '',
              search.owner ? describeOwner(search.owner) : '',
              search.modified ? describeModified(search.modified) : '',
            ]
              .filter(Boolean)
              .join(', ')}
          </span>
        ) : null}
      </div>
    </form>
  );
});
