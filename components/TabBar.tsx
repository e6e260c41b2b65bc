/**
 * An accessible tab bar (the WAI-ARIA tabs pattern, automatic activation):
 * one tab stop for the whole bar; Left/Right arrows move to the previous or
 * next tab (wrapping), Home/End to the first or last, and select it.
 */
export interface TabBarProps<T extends string> {
  tabs: { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
}

export function TabBar<T extends string>({ tabs, selected, onSelect }: TabBarProps<T>) {
  const move = (event: KeyboardEvent, index: number) => {
    const target = targetIndex(event.key, index, tabs.length);
    if (target === null) return;
    // The keys are the tab bar's: the page must not scroll too.
    event.preventDefault();
    const next = tabs[target]!;
    onSelect(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <div role="tablist" class="tab-bar">
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          id={`tab-${tab.id}`}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          aria-controls={`panel-${tab.id}`}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The tab a key moves to from `index`, or null when the key is not a tab bar key. */
export function targetIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
