CREATE TABLE "sso_logout_tokens" (
	"issuer" varchar(255) NOT NULL,
	"jti" varchar(255) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_logout_tokens_issuer_jti_pk" PRIMARY KEY("issuer","jti")
);
--> statement-breakpoint
CREATE INDEX "sso_logout_tokens_expires_idx" ON "sso_logout_tokens" USING btree ("expires_at");