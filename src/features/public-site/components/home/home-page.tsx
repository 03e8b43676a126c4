import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { annualDiscount, companyCreationFromUsd, type Language } from '@domain/constants';
import { ButtonLink } from '@src/components/button';
import { formatNumber, formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import { Icon, type IconName } from '../icons';
import styles from './home-page.module.css';

interface Item {
  title: string;
  text: string;
}

const serviceIcons: IconName[] = ['building', 'document', 'mail', 'chart', 'bank', 'team'];
const trustIcons: IconName[] = ['document', 'pin', 'shield', 'chat'];
const planIds = ['standard', 'professional', 'enterprise'] as const;

/** The guide the LLC vs C-Corp section links to (content/blog/llc-vs-c-corp-for-founders). */
const comparisonArticleId = 'llc-vs-c-corp-for-founders';

/** Alta's home: what it does, the three paths, LLC vs C-Corp, plans, how it works, and calls to start. */
export function HomePage({ language }: { language: Language }) {
  const { t } = useTranslation('home');
  const list = <T,>(key: string) => t(key, { returnObjects: true }) as T[];
  const to = (path: string) => href(language, path);
  const price = formatUsd(companyCreationFromUsd, language);
  const percent = `${formatNumber(annualDiscount * 100, language)}%`;
  const card = t('hero.card', { returnObjects: true }) as {
    label: string;
    company: string;
    state: string;
    status: string;
    steps: string[];
    done: string;
    next: string;
  };

  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 id="home-title" className={styles.heroTitle}>
              {t('hero.title')}
            </h1>
            <p className={styles.heroLead}>{t('hero.lead')}</p>
            <div className={styles.heroActions}>
              <ButtonLink to={to(paths.startNow)} variant="accent" className={styles.bigButton}>
                {t('hero.primaryCta')}
                <Icon name="arrow" size={20} />
              </ButtonLink>
              <a href="#plans" className={styles.heroSecondary}>
                {t('hero.secondaryCta')}
              </a>
            </div>
            <p className={styles.heroFrom}>{t('hero.from', { price })}</p>
            <ul className={styles.heroPoints}>
              {list<string>('hero.points').map((point) => (
                <li key={point}>
                  <Icon name="check" size={18} />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <figure className={styles.progressCard} aria-label={card.label}>
            <div className={styles.progressHeader}>
              <span className={styles.progressAvatar} aria-hidden="true">
                AD
              </span>
              <span>
                <strong>{card.company}</strong>
                <span className={styles.progressState}>{card.state}</span>
              </span>
              <span className={styles.progressBadge}>{card.status}</span>
            </div>
            <ol className={styles.progressSteps}>
              {card.steps.map((step, index) => (
                <li key={step} className={index < 2 ? styles.stepDone : index === 2 ? styles.stepCurrent : undefined}>
                  <span className={styles.stepDot} aria-hidden="true">
                    {index < 2 && <Icon name="check" size={14} />}
                  </span>
                  <span>{step}</span>
                  <span className={styles.stepState}>{index < 2 ? card.done : index === 2 ? card.next : ''}</span>
                </li>
              ))}
            </ol>
          </figure>
        </div>
      </section>

      <section className={styles.trust} aria-labelledby="home-trust">
        <h2 id="home-trust" className="visually-hidden">
          {t('trust.label')}
        </h2>
        <ul className={styles.trustList}>
          {list<Item>('trust.items').map((item, index) => (
            <li key={item.title}>
              <Icon name={trustIcons[index] ?? 'check'} className={styles.trustIcon} />
              <div>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="home-what">
        <div className={styles.sectionHead}>
          <h2 id="home-what">{t('what.title')}</h2>
          <p>{t('what.lead')}</p>
        </div>
        <ul className={styles.services}>
          {list<Item>('what.items').map((item, index) => (
            <li key={item.title} className={styles.service}>
              <span className={styles.serviceIcon}>
                <Icon name={serviceIcons[index] ?? 'check'} />
              </span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.sectionMuted} aria-labelledby="home-paths">
        <div className={styles.sectionInner}>
          <div className={styles.sectionHead}>
            <h2 id="home-paths">{t('paths.title')}</h2>
          </div>
          <ul className={styles.paths}>
            {(
              [
                ['create', 'building', paths.createCompany],
                ['migrate', 'swap', paths.migrateCompany],
                ['crypto', 'coin', paths.createCrossBorderCrypto],
              ] as const
            ).map(([key, icon, path]) => (
              <li key={key} className={styles.path}>
                <span className={styles.pathIcon}>
                  <Icon name={icon} size={28} />
                </span>
                <h3>{t(`paths.${key}.title`)}</h3>
                <p>{t(`paths.${key}.text`)}</p>
                <Link to={to(path)} className={styles.pathLink}>
                  {t(`paths.${key}.cta`)}
                  <Icon name="arrow" size={18} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-compare">
        <div className={styles.sectionHead}>
          <h2 id="home-compare">{t('compare.title')}</h2>
          <p>{t('compare.lead')}</p>
        </div>
        <div className={styles.compare}>
          {(['llc', 'ccorp'] as const).map((kind) => (
            <article key={kind} className={styles.compareCard}>
              <p className={styles.compareTagline}>{t(`compare.${kind}.tagline`)}</p>
              <h3>{t(`compare.${kind}.name`)}</h3>
              <ul>
                {list<string>(`compare.${kind}.points`).map((point) => (
                  <li key={point}>
                    <Icon name="check" size={18} />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <p className={styles.compareNote}>
          {t('compare.note')} <Link to={to(paths.blog(comparisonArticleId))}>{t('compare.guide')}</Link>
        </p>
      </section>

      <section id="plans" className={styles.sectionMuted} aria-labelledby="home-plans">
        <div className={styles.sectionInner}>
          <div className={styles.sectionHead}>
            <h2 id="home-plans">{t('plans.title')}</h2>
            <p>{t('plans.lead', { price })}</p>
            <p className={styles.annualBadge}>{t('plans.annual', { percent })}</p>
          </div>
          <ul className={styles.plans}>
            {planIds.map((plan) => (
              <li key={plan} className={[styles.plan, plan === 'professional' && styles.planHighlighted].filter(Boolean).join(' ')}>
                {plan === 'professional' && <p className={styles.planPopular}>{t('plans.popular')}</p>}
                <h3>{t(`plans.${plan}.name`)}</h3>
                <p className={styles.planText}>{t(`plans.${plan}.text`)}</p>
                {plan === 'standard' && <p className={styles.planPrice}>{t('plans.from', { price })}</p>}
                <ul className={styles.planFeatures}>
                  {list<string>(`plans.${plan}.features`).map((feature) => (
                    <li key={feature}>
                      <Icon name="check" size={18} />
                      {feature}
                    </li>
                  ))}
                </ul>
                <ButtonLink to={to(paths.startNow)} variant={plan === 'professional' ? 'primary' : 'secondary'} block>
                  {t('plans.choose', { plan: t(`plans.${plan}.name`) })}
                </ButtonLink>
              </li>
            ))}
          </ul>
          <div className={styles.custom}>
            <div>
              <h3>{t('plans.custom.name')}</h3>
              <p>{t('plans.custom.text')}</p>
            </div>
            <ButtonLink to={to(paths.contact)} variant="secondary">
              {t('plans.custom.cta')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-how">
        <div className={styles.sectionHead}>
          <h2 id="home-how">{t('how.title')}</h2>
        </div>
        <ol className={styles.steps}>
          {list<Item>('how.steps').map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.final} aria-labelledby="home-final">
        <div className={styles.finalInner}>
          <h2 id="home-final">{t('final.title')}</h2>
          <p>{t('final.text')}</p>
          <div className={styles.heroActions}>
            <ButtonLink to={to(paths.startNow)} variant="accent" className={styles.bigButton}>
              {t('final.cta')}
              <Icon name="arrow" size={20} />
            </ButtonLink>
            <Link to={to(paths.contact)} className={styles.heroSecondary}>
              {t('final.contact')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
