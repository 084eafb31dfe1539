-- Usernames are stored NFKC-normalised from now on (docs/decisions/0112-usernames.md), and sign-in
-- normalises what is typed, so existing names are normalised too. A name whose normalised form would
-- collide (case-insensitively, the unique index users_username_unique) with another account keeps its
-- old spelling: only the account with the lowest id of such a group is renamed, and only when no
-- other account already has that name. Nothing is lost; the rare kept spelling is still unique.
UPDATE "users" AS u
SET "username" = normalize(u."username", NFKC)
WHERE u."username" IS NOT NFKC NORMALIZED
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS o
    WHERE o."id" <> u."id" AND lower(o."username") = lower(normalize(u."username", NFKC))
  )
  AND u."id" = (
    SELECT min(x."id") FROM "users" AS x
    WHERE lower(normalize(x."username", NFKC)) = lower(normalize(u."username", NFKC))
  );
