// A short visit to an account page whose private parts only the live page marks: a card field
// inside `<div data-private>`, a balance and an account number inside `.secret-zone` elements.
// The recorded selector paths (`input#card`, `button#reveal`) say nothing of either, so block
// selectors such as `[data-private] input` and `.secret-zone *` match them only in the mirror.

import { el, RecordingBuilder } from '../test-support/recording-builder.js';

/** Rules for the visit: `[data-private] input` and `.secret-zone *` match nothing the selector paths say. */
export const PRIVATE_VISIT_RULES = 'presets: [email]\nblock_selectors: ["[data-private] input", ".secret-zone *"]\n';

/** What the visit shows or types that the rules must keep out of the fixture. */
export const PRIVATE_VISIT_SECRETS = {
  card: '4111 1111 1111 1111',
  cardLabel: 'Card number',
  balance: 'Balance 9,412.77',
  account: 'ACC-77812',
  email: 'ada@example.com',
} as const;

export function privateVisitRecording(): RecordingBuilder {
  const secrets = PRIVATE_VISIT_SECRETS;
  const recording = new RecordingBuilder().page(0, {
    href: 'https://bank.example/account',
    title: 'Account',
    body: [
      el(
        'main',
        { class: 'account' },
        el('div', { 'data-private': '', class: 'card-box' }, el('label', {}, secrets.cardLabel, el('input', { id: 'card', type: 'text' }))),
        el('section', { class: 'secret-zone' }, el('button', { id: 'reveal' }, secrets.balance)),
        el('button', { id: 'statement' }, 'Download statement ', el('span', { class: 'secret-zone' }, el('span', {}, secrets.account))),
        el('label', { for: 'contact' }, 'Contact'),
        el('input', { id: 'contact', type: 'email' }),
        el('button', { id: 'save' }, 'Save'),
      ),
    ],
  });
  recording.click(1_000, 'card', { x: 100, y: 100 }).type(1_200, 'card', secrets.card, 100);
  recording.click(5_000, 'reveal', { x: 100, y: 200 }).add(5_100, 'reveal', ' shown');
  recording.select(6_000, 'reveal', 0, 'reveal', secrets.balance.length);
  recording.custom(6_100, 'copy', { text: secrets.balance, nodeId: recording.id('reveal') });
  recording.click(8_000, 'statement', { x: 100, y: 300 }).add(8_100, 'statement', ' ready');
  recording.click(10_000, 'contact', { x: 100, y: 400 }).type(10_200, 'contact', secrets.email, 50);
  recording.click(14_000, 'save', { x: 100, y: 500 }).add(14_100, 'save', ' saved');
  return recording.scroll(16_000);
}
