import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { loadCatalogs, type Namespace } from '@src/i18n/i18n';
import { loadOnce } from '@src/lib/load-once';

/**
 * A dialog whose code is not part of its page's first JavaScript (decision 078). It is fetched
 * once the page has painted, mounts the first time it opens, and stays mounted after, so it
 * closes with its transition and keeps what was typed, as a dialog loaded with the page does.
 * The catalogs only the dialog reads (`namespaces`) come with its code, not with the page's.
 */
export function lazyDialog<Props extends { open: boolean }>(load: () => Promise<ComponentType<Props>>, namespaces: Namespace[] = []) {
  const loadDialog = loadOnce(async () => (await Promise.all([load(), loadCatalogs(namespaces)]))[0]);
  const Dialog = lazy(async () => ({ default: await loadDialog() }));
  return function LazyDialog(props: Props) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    // Fetched after the first paint, so opening it does not wait for the network.
    useEffect(() => void loadDialog().catch(() => undefined), []);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
