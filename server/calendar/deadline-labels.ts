import type { Deadline } from '@domain/company-deadlines';
import type { Language } from '@domain/constants';
import { usStates } from '@domain/countries';
import { fill, serverTexts } from '../providers/mail/render-mail';
import { formNames } from '../tax-forms/labels';

/** What falls due, in the reader's language ("Delaware annual tax", "Federal return Form 1065 + Schedules K-1 for 2025"): the mail's and the .ics event's title. */
export function deadlineTitle(deadline: Deadline, language: Language): string {
  const texts = serverTexts(language).calendar;
  if (deadline.kind === 'stateFiling')
    return fill(texts.stateFilings[deadline.stateFiling!], { state: usStates[deadline.state as keyof typeof usStates] ?? deadline.state! });
  if (deadline.kind === 'federalReturn' || deadline.kind === 'federalExtendedReturn')
    return fill(texts.kinds[deadline.kind], { forms: formNames(deadline.forms ?? []), year: deadline.taxYear! });
  return texts.kinds[deadline.kind];
}
