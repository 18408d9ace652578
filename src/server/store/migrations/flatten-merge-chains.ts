// One statement for both dialects: every merged user's merged_into set to the end of its chain
// (a user merged into one that was merged in turn), so that reads resolve a user in one hop.

/** The longest chain followed; upsert-user follows as many hops. */
const MAX_HOPS = 8;

export const FLATTEN_MERGE_CHAINS = `
WITH RECURSIVE chain (org_id, id, target, hops) AS (
  SELECT org_id, id, merged_into, 1 FROM users WHERE merged_into IS NOT NULL
  UNION ALL
  SELECT chain.org_id, chain.id, users.merged_into, chain.hops + 1
  FROM chain JOIN users ON users.org_id = chain.org_id AND users.id = chain.target
  WHERE users.merged_into IS NOT NULL AND chain.hops < ${MAX_HOPS}
)
UPDATE users SET merged_into = (
  SELECT chain.target FROM chain WHERE chain.org_id = users.org_id AND chain.id = users.id ORDER BY chain.hops DESC LIMIT 1
)
WHERE merged_into IS NOT NULL;`;
