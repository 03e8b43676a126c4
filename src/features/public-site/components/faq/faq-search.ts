import type { FaqGroup } from '../../content/parse-markdown';

/** Lower-cased, accents folded: "Reembolsos" and "reembolsó" both become "reembolso…". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The groups whose questions contain every word of `query` (in the question or its answer),
 * each keeping only its matching questions; every group when the query is blank.
 */
export function searchFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      questions: group.questions.filter((question) => {
        const haystack = foldText(`${question.question} ${question.text}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.questions.length > 0);
}
