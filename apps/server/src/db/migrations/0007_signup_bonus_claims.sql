CREATE TABLE "signup_bonus_claims" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Accounts made before this table already had their bonus: claim their addresses, normalized
-- exactly as apps/server/src/modules/accounts/email-identity.ts does (its test checks the two agree).
INSERT INTO "signup_bonus_claims" ("address_hash")
SELECT DISTINCT encode(sha256(convert_to(CASE WHEN n.domain IN ('gmail.com', 'googlemail.com') THEN replace(n.local, '.', '') || '@gmail.com' ELSE n.local || '@' || n.domain END, 'UTF8')), 'hex')
FROM (
	SELECT split_part(substring(lower(u.email) FROM '^(.*)@[^@]*$'), '+', 1) AS local, substring(lower(u.email) FROM '@([^@]*)$') AS domain
	FROM "users" u
	WHERE EXISTS (SELECT 1 FROM "credit_ledger" l WHERE l.user_id = u.id AND l.reason = 'signup_bonus')
) n
ON CONFLICT DO NOTHING;
