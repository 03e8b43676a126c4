import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Language } from '@domain/constants';
import type { CompanyTeam, Teammate } from '@domain/teammates';
import { Button } from '@src/components/button';
import list from '@src/components/card-list.module.css';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { CheckboxField } from '@src/components/form/checkbox-field';
import { FieldError } from '@src/components/form/field-error';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import { useToast } from '@src/components/toast/toast-provider';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { formatDate } from '@src/i18n/format';
import { messageKey } from '@src/lib/error-message';
import { usePageTitle } from '@src/lib/use-page-title';
import { useErrorText } from '@src/lib/use-error-text';
import { inviteTeammate, listTeams, removeTeammate } from '../api/teammates-api';
import styles from './teammates.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { emailSchema } from '@domain/field-schemas';

const teamsKey = ['teammates'];
type Removing = { team: CompanyTeam; teammate: Teammate };

/**
 * Teammates (SPEC §2 teammates, §6): an owner invites an email to some of the companies they
 * own and removes teammates or withdraws invitations; a teammate sees the teams of the
 * companies they work on and manages nothing. Online only: the server decides every step.
 */
export function TeammatesScreen() {
  const { t } = useTranslation(['teammates', 'validation']);
  const language = useLanguage();
  usePageTitle(t('title'));
  const client = useQueryClient();
  const query = useQuery({ queryKey: teamsKey, queryFn: ({ signal }) => listTeams(signal) });
  const reload = () => void query.refetch();
  const load = query.data ? 'ready' : query.isError ? 'failed' : 'loading';

  const teams = query.data ?? [];
  const owned = teams.filter((team) => team.relation === 'owner');
  const show = useCallback((next: CompanyTeam[]) => client.setQueryData(teamsKey, next), [client]);

  return (
    <DashboardPage title={t('title')} lead={t('lead')}>
      {load === 'loading' && <p role="status">{t('loading')}</p>}
      {load === 'failed' && (
        <>
          <FormAlert>{t('failed')}</FormAlert>
          <div>
            <Button variant="secondary" onClick={reload}>
              {t('retry')}
            </Button>
          </div>
        </>
      )}
      {load === 'ready' && teams.length === 0 && <p>{t('noCompanies')}</p>}
      {load === 'ready' && teams.length > 0 && owned.length === 0 && <p role="note">{t('teammateOnly')}</p>}
      {owned.length > 0 && <InviteForm owned={owned} language={language} onInvited={show} />}
      {teams.map((team) => (
        <TeamSection key={team.companyId} team={team} language={language} onChanged={reload} />
      ))}
    </DashboardPage>
  );
}

/** The invitation form: an email and the owned companies to share (all checked when there is one). */
function InviteForm({ owned, language, onInvited }: { owned: CompanyTeam[]; language: Language; onInvited: (teams: CompanyTeam[]) => void }) {
  const { t } = useTranslation(['teammates', 'validation']);
  const toast = useToast();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<string[]>(() => (owned.length === 1 ? [owned[0]!.companyId] : []));
  const [errors, setErrors] = useState<{ email?: string; companies?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    const found = {
      email: parsed.success ? undefined : t(messageKey(parsed.error.issues[0]!.message)),
      companies: chosen.length === 0 ? t('invite.chooseCompany') : undefined,
    };
    setErrors(found);
    setFailure(null);
    if (!parsed.success || found.companies) return;
    setBusy(true);
    try {
      const teams = await inviteTeammate({ email: parsed.data, companyIds: chosen, language });
      toast.show(t('invite.sent', { email: parsed.data }), 'success');
      setEmail('');
      onInvited(teams);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (companyId: string, checked: boolean) =>
    setChosen((current) => (checked ? [...current, companyId] : current.filter((id) => id !== companyId)));

  return (
    <section className={styles.section} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.sectionTitle}>
        {t('invite.title')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.form}>
        <TextField
          label={t('invite.email')}
          hint={t('invite.emailHint')}
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <fieldset className={styles.companies} aria-describedby={errors.companies ? 'invite-companies-error' : undefined}>
          <legend className={styles.legend}>{t('invite.companies')}</legend>
          {owned.map((team) => (
            <CheckboxField
              key={team.companyId}
              label={team.companyName}
              checked={chosen.includes(team.companyId)}
              onChange={(event) => toggle(team.companyId, event.target.checked)}
            />
          ))}
          <FieldError id="invite-companies-error" error={errors.companies} />
        </fieldset>
        {failure && <FormAlert>{failure}</FormAlert>}
        <div>
          <Button type="submit" busy={busy}>
            {t('invite.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** One company's team: the owner, then each teammate or invitation with its state; remove buttons for the owner. */
function TeamSection({ team, language, onChanged }: { team: CompanyTeam; language: Language; onChanged: () => void }) {
  const { t } = useTranslation('teammates');
  const toast = useToast();
  const errorText = useErrorText();
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [busy, setBusy] = useState(false);
  const manage = team.relation === 'owner';
  const titleId = `team-${team.companyId}`;

  const confirm = async () => {
    if (!removing) return;
    const { teammate } = removing;
    setBusy(true);
    try {
      await removeTeammate(team.companyId, teammate.id);
      const values = { email: teammate.email, company: team.companyName };
      toast.show(teammate.state === 'accepted' ? t('removed', values) : t('withdrawn', values), 'success');
      onChanged();
    } catch (error) {
      toast.show(errorText(error), 'error');
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const accepted = removing?.teammate.state === 'accepted';
  const values = removing ? { email: removing.teammate.email, company: team.companyName } : {};
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {team.companyName}
      </h2>
      <p className={styles.owner}>{t('team.owner', { name: team.owner.name, email: team.owner.email })}</p>
      {team.teammates.length === 0 ? (
        <p>{t('team.empty')}</p>
      ) : (
        <ul className={list.list} aria-label={t('team.listLabel', { company: team.companyName })}>
          {team.teammates.map((teammate) => (
            <li key={teammate.id} className={list.row}>
              <div className={list.rowText}>
                <span className={styles.email}>{teammate.email}</span>
                <span className={styles.meta}>
                  {teammate.name && <span>{teammate.name}</span>}
                  <span
                    className={[styles.state, teammate.state === 'accepted' ? styles.accepted : teammate.state === 'expired' ? styles.expired : ''].join(' ')}
                  >
                    {t(`team.state.${teammate.state}`)}
                  </span>
                  <span>{t(`team.since.${teammate.state}`, { date: formatDate(teammate.since, language, 'medium') })}</span>
                </span>
              </div>
              {manage && (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => setRemoving({ team, teammate })}
                  aria-label={t(teammate.state === 'accepted' ? 'team.removeLabel' : 'team.withdrawLabel', {
                    email: teammate.email,
                    company: team.companyName,
                  })}
                >
                  {t(teammate.state === 'accepted' ? 'team.remove' : 'team.withdraw')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manage && (
        <ConfirmDialog
          open={removing !== null}
          title={accepted ? t('confirm.removeTitle', values) : t('confirm.withdrawTitle')}
          description={accepted ? t('confirm.removeText', values) : t('confirm.withdrawText', values)}
          confirmLabel={accepted ? t('confirm.confirm') : t('team.withdraw')}
          cancelLabel={t('confirm.cancel')}
          onConfirm={() => void confirm()}
          onCancel={() => setRemoving(null)}
          busy={busy}
          tone="danger"
        />
      )}
    </section>
  );
}
