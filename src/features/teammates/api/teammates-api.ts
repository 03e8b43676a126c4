import type { Language } from '@domain/constants';
import type { InvitationAccepted, Teams } from '@domain/teammates';
import { api } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

/** GET /teammates: the teams of the user's companies. */
export const listTeams = async (signal?: AbortSignal) => (await apiGet('/teammates', {}, { signal })).items;

/** POST /teammates: invites `email` to the owned companies; answers the teams as they are now. */
export const inviteTeammate = async (invite: { email: string; companyIds: string[]; language: Language }) =>
  (await api.post<Teams>('teammates', { json: invite, expected: ['teammate_exists', 'teammate_is_owner', 'rate_limited'] })).items;

/** DELETE /companies/{id}/teammates/{teammateId}: removes a teammate, or withdraws a pending invitation. */
export const removeTeammate = (companyId: string, teammateId: string) => api.delete<void>(`companies/${companyId}/teammates/${teammateId}`);

/** POST /teammates/accept with the mailed link; signed out, the page offers login and registration itself. */
export const acceptInvitation = (link: string) =>
  api.post<InvitationAccepted>('teammates/accept', {
    json: { link },
    context: { redirectOnUnauthorized: false },
    expected: ['invalid_invitation_link', 'invitation_other_account', 'rate_limited'],
  });
