import { useNavigation } from 'react-router-dom';
import styles from './navigation-progress.module.css';

/** A thin bar under the top edge while the next page (its chunk, translations, guard) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.bar} aria-hidden="true" />;
}
