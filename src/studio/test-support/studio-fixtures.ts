// Small profiles and a session for studio tests, as the files a user would have.

const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, second)).toISOString();

export const SESSION_JSON = JSON.stringify({
  id: 'u-1:s-1',
  user: { id: 'u-1', uid: 'alice', email: 'alice@example.com', properties: { plan: 'pro' } },
  location: { country: 'FR', city: 'Paris' },
  device: { type: 'desktop', browser: 'Chrome 130' },
  events: [
    { type: 'navigate', timestamp: at(0), url: 'https://shop.example/cart', title: 'Cart' },
    { type: 'element-seen', timestamp: at(1), target: { selector: 'div.banner', text: 'Spring sale' } },
    { type: 'click', timestamp: at(2), target: { selector: 'button#apply', text: 'Apply coupon' } },
    { type: 'input-change', timestamp: at(3), target: { selector: 'input#coupon' }, value: 'SPRING24' },
    { type: 'network-error', timestamp: at(4), url: 'https://shop.example/api/coupon', method: 'POST', status: 500 },
    { type: 'console-error', timestamp: at(5), message: 'TypeError: total is undefined' },
    { type: 'rage-click', timestamp: at(6), target: { selector: 'button#apply', text: 'Apply coupon' }, count: 4 },
    { type: 'element-seen', timestamp: at(7), target: { selector: 'footer' } },
    { type: 'custom', name: 'Checkout Started', timestamp: at(8), properties: { cart_value: 42.5 } },
    { type: 'navigate', timestamp: at(9), url: 'https://shop.example/', title: 'Home' },
  ],
});

export const ALPHA_PROFILE = `name: Alpha
llm:
  pre_prompt: Summarise ALPHA-PRE for the product team.
  post_prompt: Answer in two sentences.
slice:
  event_limit: 5
context:
  exclude: [user]
events:
  exclude_types: [element-seen]
`;

export const BETA_PROFILE = `name: Beta
llm:
  pre_prompt: BETA-PRE report friction.
  response_schema:
    type: OBJECT
    properties:
      outcome: { type: STRING, enum: [completed, abandoned] }
    required: [outcome]
slice:
  mode: LAST
  event_limit: 3
context:
  include: [device]
`;

/** `slice.mode: MIDDLE` on line 6. */
export const BROKEN_ALPHA_PROFILE = ALPHA_PROFILE.replace('  event_limit: 5', '  mode: MIDDLE');

export const STUDIO_FILES: Readonly<Record<string, string>> = {
  'profiles/alpha.yaml': ALPHA_PROFILE,
  'profiles/beta.yaml': BETA_PROFILE,
  'sessions/checkout.json': SESSION_JSON,
  'sessions/empty.json': JSON.stringify({ id: 'u-2:s-2', events: [] }),
};
