import { sql } from "drizzle-orm";
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";
import type { CertField } from "@base/cert-layout";

/** What a certificate is earned for (the spec's content type names: 1 course, 3 exam; 5 exam series, 6 learning map). */
export const CERT_BUSINESS = { course: 1, exam: 3, series: 5, map: 6 } as const;
export type CertBusinessType = (typeof CERT_BUSINESS)[keyof typeof CERT_BUSINESS];

/** Certificate templates (back-office.md 7.10). status 1 enabled, 0 disabled. */
export const certTemplates = pgTable(
  "cert_templates",
  {
    id: id(),
    name: varchar("name", { length: 60 }).notNull(),
    /** The certificate's title printed on it, e.g. 政府采购从业人员培训合格证书. */
    certName: varchar("cert_name", { length: 60 }).notNull(),
    /** Certificate numbers are prefix + year + six-digit sequence; unique among live templates. */
    prefix: varchar("prefix", { length: 12 }).notNull(),
    backgroundUrl: text("background_url"),
    width: integer("width").notNull().default(1123),
    height: integer("height").notNull().default(794),
    fields: jsonb("fields").$type<CertField[]>().notNull().default([]),
    issuerName: varchar("issuer_name", { length: 60 }).notNull().default(""),
    sealUrl: text("seal_url"),
    /** Months a certificate stays valid after issue; 0: no end. */
    validityMonths: integer("validity_months").notNull().default(0),
    status: smallint("status").notNull().default(1),
    sort: integer("sort").notNull().default(0),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("cert_templates_prefix_uq").on(t.prefix).where(sql`${t.deletedAt} is null`), index("cert_templates_sort_idx").on(t.sort, t.id)],
);

/** Which template a course, exam, series or map issues. One template per content. */
export const certBindings = pgTable(
  "cert_bindings",
  {
    businessType: smallint("business_type").notNull(),
    businessId: bigint("business_id", { mode: "number" }).notNull(),
    templateId: bigint("template_id", { mode: "number" })
      .notNull()
      .references(() => certTemplates.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessType, t.businessId] }), index("cert_bindings_template_idx").on(t.templateId)],
);

/** Number sequence per prefix and year: a number once handed out is never handed out again. */
export const certNumberSeqs = pgTable(
  "cert_number_seqs",
  {
    prefix: varchar("prefix", { length: 12 }).notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/** How a certificate came to be: 1 automatically on the rule, 2 sent by an admin. */
export const CERT_SOURCE = { auto: 1, manual: 2 } as const;

/**
 * Issued certificates. What is printed is frozen at issue (name, ID, score...), so a later change of the
 * learner's record or the template's text does not change a certificate already given. One live
 * certificate per learner and content (revoked ones stay, for verification).
 */
export const userCerts = pgTable(
  "user_certs",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: bigint("template_id", { mode: "number" }).references(() => certTemplates.id, { onDelete: "set null" }),
    businessType: smallint("business_type").notNull(),
    businessId: bigint("business_id", { mode: "number" }).notNull(),
    certNo: varchar("cert_no", { length: 32 }).notNull(),
    /** The credential's id (urn:uuid:…), also the key of the share link and the QR code. */
    credentialId: uuid("credential_id").notNull(),
    certName: varchar("cert_name", { length: 60 }).notNull(),
    contentName: varchar("content_name", { length: 200 }).notNull(),
    realName: varchar("real_name", { length: 40 }).notNull(),
    idNo: varchar("id_no", { length: 32 }).notNull().default(""),
    photoUrl: text("photo_url"),
    score: doublePrecision("score"),
    learnHours: integer("learn_hours"),
    issuerName: varchar("issuer_name", { length: 60 }).notNull().default(""),
    issuedAt: tz("issued_at").notNull(),
    expiresAt: tz("expires_at"),
    source: smallint("source").notNull().default(1),
    /** The signed credential (compact JWS). */
    credential: text("credential").notNull(),
    /** Bumped by regenerate: the image's cache key. */
    imageVersion: integer("image_version").notNull().default(1),
    /** 0 not yet rendered, 1 rendered and stored. */
    imageReady: smallint("image_ready").notNull().default(0),
    /** A picture the old client rendered and saved (setCertImgUrl); kept, the server's own image is shown. */
    clientImageUrl: text("client_image_url"),
    revokedAt: tz("revoked_at"),
    revokeReason: varchar("revoke_reason", { length: 200 }),
    /** Revoked by a confirmed fraud check: a cleared check restores the certificate. */
    revokedByFraudId: bigint("revoked_by_fraud_id", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("user_certs_live_uq").on(t.userId, t.businessType, t.businessId).where(sql`${t.revokedAt} is null`),
    uniqueIndex("user_certs_no_uq").on(t.certNo),
    uniqueIndex("user_certs_credential_uq").on(t.credentialId),
    index("user_certs_user_idx").on(t.userId, t.issuedAt),
    index("user_certs_business_idx").on(t.businessType, t.businessId),
    index("user_certs_pending_image_idx").on(t.id).where(sql`${t.imageReady} = 0`),
  ],
);

/** Public keys that ever signed a credential: the JWKS, so rotated keys keep old certificates verifiable. */
export const certSigningKeys = pgTable("cert_signing_keys", {
  kid: varchar("kid", { length: 64 }).primaryKey(),
  publicJwk: jsonb("public_jwk").$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

/** Certificates earned on outside platforms, imported by an admin from .xlsx (third/list). */
export const thirdCerts = pgTable(
  "third_certs",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    certName: varchar("cert_name", { length: 100 }).notNull(),
    certNo: varchar("cert_no", { length: 60 }).notNull(),
    platformName: varchar("platform_name", { length: 60 }).notNull(),
    issuedAt: tz("issued_at").notNull(),
    expiresAt: tz("expires_at"),
    certImgUrl: text("cert_img_url"),
    /** When the learner first saw it in third/new/list (null: new). */
    seenAt: tz("seen_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("third_certs_no_uq").on(t.platformName, t.certNo), index("third_certs_user_idx").on(t.userId, t.createdAt)],
);
