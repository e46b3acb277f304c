import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link } from "react-router";

/** The look of one tab, the chosen one raised. */
function tabClass(active: boolean): string {
  return `whitespace-nowrap rounded-lg px-4 py-2.5 text-sm font-semibold ${
    active ? "bg-white text-brand-strong shadow-sm" : "text-gray-700 hover:bg-white/60 hover:text-gray-900"
  }`;
}

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA pattern, automatic activation): arrow keys move between tabs,
 * Home and End jump to the ends. Every panel is rendered on the server; inactive ones are hidden.
 */
export function Tabs({ items, label }: { items: readonly TabItem[]; label: string }) {
  const baseId = useId();
  const [active, setActive] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const focusTab = (index: number) => {
    const next = (index + items.length) % items.length;
    setActive(next);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => focusTab(index + 1),
      ArrowLeft: () => focusTab(index - 1),
      Home: () => focusTab(0),
      End: () => focusTab(items.length - 1),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 sm:inline-grid sm:grid-flow-col sm:grid-cols-none">
        {items.map((item, i) => (
          <button
            key={item.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.id}`}
            aria-selected={i === active}
            aria-controls={`${baseId}-panel-${item.id}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            onKeyDown={(event) => onKeyDown(event, i)}
            className={tabClass(i === active)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, i) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={i !== active}
          tabIndex={0}
          className="py-5 focus-visible:rounded-md"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}

export interface NavTab {
  id: string;
  label: string;
}

/**
 * A dashboard's sections from their labels by id, in the order shown: the tabs for DashboardTabs
 * and the ids, first the default, as a tuple for z.enum.
 */
export function dashboardSections<Id extends string>(labels: Record<Id, string>) {
  const ids = Object.keys(labels) as [Id, ...Id[]];
  return { ids, tabs: ids.map((id) => ({ id, label: labels[id] })) };
}

/**
 * The sections of a dashboard as links (?tab=…): each has its own address, works without
 * scripts, and only the open one's data is loaded.
 */
export function DashboardTabs({ tabs, current, label }: { tabs: readonly NavTab[]; current: string; label: string }) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 rounded-xl bg-gray-100 p-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={`?tab=${tab.id}`}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`block ${tabClass(active)}`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
