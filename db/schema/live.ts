import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { OpenRangeEntry } from "@base/open-range";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

const userRef = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const liveRef = () =>
  bigint("live_id", { mode: "number" })
    .notNull()
    .references(() => lives.id, { onDelete: "cascade" });

export interface LiveQuestionnaire {
  title: string;
  url: string;
  pushedAt: number;
}

/** A series of lives shown as one carousel (learner-front-end.md 3, Live series info). */
export const liveSeries = pgTable("live_series", {
  id: id(),
  name: varchar("name", { length: 60 }).notNull(),
  coverUrl: text("cover_url"),
  introduction: text("introduction"),
  /** Number of periods the series plans (shown as "共 N 期"). */
  periodsNum: integer("periods_num").notNull().default(0),
  channelCode: varchar("channel_code", { length: 40 }),
  /** 1 online, 0 offline. */
  status: smallint("status").notNull().default(1),
  ...timestamps(),
});

/** One broadcast: its room, schedule, stream, replay and subtitles (Live room detail). */
export const lives = pgTable(
  "lives",
  {
    id: id(),
    name: varchar("name", { length: 60 }).notNull(),
    coverUrl: text("cover_url"),
    teacherName: varchar("teacher_name", { length: 40 }).notNull().default(""),
    introduction: text("introduction"),
    startTime: tz("start_time").notNull(),
    endTime: tz("end_time").notNull(),
    /** 0 upcoming, 1 live, 2 ended. */
    liveStatus: smallint("live_status").notNull().default(0),
    isPause: smallint("is_pause").notNull().default(0),
    isPlayback: smallint("is_playback").notNull().default(0),
    playbackUrl: text("playback_url"),
    m3u8PlayUrl: text("m3u8_play_url"),
    subtitleUrl: text("subtitle_url"),
    isOpenSubtitle: smallint("is_open_subtitle").notNull().default(0),
    thirdLiveId: varchar("third_live_id", { length: 64 }),
    roomId: varchar("room_id", { length: 32 }).notNull(),
    seriesId: bigint("series_id", { mode: "number" }).references(() => liveSeries.id, { onDelete: "set null" }),
    channelCode: varchar("channel_code", { length: 40 }),
    pushKey: varchar("push_key", { length: 64 }),
    /** RTMP ingest: 0 no stream, 1 an encoder is pushing, 2 the stream dropped during the live and paused it. */
    streamStatus: smallint("stream_status").notNull().default(0),
    /** 1 shown to learners, 0 hidden by an admin. */
    status: smallint("status").notNull().default(1),
    muteAll: smallint("mute_all").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    /** Empty: open to every logged-in learner (trpc/org/membership.ts). */
    openRange: jsonb("open_range").$type<OpenRangeEntry[]>().notNull().default([]),
    /** 0 sold: learners watch with a seat (live_seats) bought or redeemed; 1 free. Prices in cents. */
    isFree: smallint("is_free").notNull().default(1),
    price: integer("price").notNull().default(0),
    scribingPrice: integer("scribing_price").notNull().default(0),
    /** Class hours a learner is credited with for the live (learning credits). */
    learnHour: integer("learn_hour").notNull().default(0),
    advancedInfo: jsonb("advanced_info").$type<Record<string, unknown>>().notNull().default({}),
    /** When the console actually started the broadcast; caption times of the replay count from here. */
    startedAt: tz("started_at"),
    /** The questionnaire the console pushed into the room, for late joiners; null when none. */
    questionnaire: jsonb("questionnaire").$type<LiveQuestionnaire | null>(),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("lives_room_uq").on(t.roomId),
    index("lives_start_idx").on(t.startTime),
    index("lives_series_idx").on(t.seriesId),
    index("lives_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
    index("lives_teacher_trgm").using("gin", sql`${t.teacherName} gin_trgm_ops`),
  ],
);

/** A learner's reservation of an upcoming live (appointment). */
export const liveAppointments = pgTable(
  "live_appointments",
  { id: id(), liveId: liveRef(), userId: userRef(), createdAt: createdAt() },
  (t) => [uniqueIndex("live_appointments_uq").on(t.liveId, t.userId)],
);

/** A learner's seat in a sold live: bought (source order) or redeemed (redeem). */
export const liveSeats = pgTable(
  "live_seats",
  { id: id(), liveId: liveRef(), userId: userRef(), source: varchar("source", { length: 16 }).notNull().default("order"), createdAt: createdAt() },
  (t) => [uniqueIndex("live_seats_uq").on(t.liveId, t.userId), index("live_seats_user_idx").on(t.userId)],
);

/** A learner asked to be told when the replay is ready. */
export const livePlaybackSubscriptions = pgTable(
  "live_playback_subscriptions",
  { id: id(), liveId: liveRef(), userId: userRef(), createdAt: createdAt() },
  (t) => [uniqueIndex("live_playback_subscriptions_uq").on(t.liveId, t.userId)],
);

export const liveSeriesSubscriptions = pgTable(
  "live_series_subscriptions",
  {
    id: id(),
    seriesId: bigint("series_id", { mode: "number" })
      .notNull()
      .references(() => liveSeries.id, { onDelete: "cascade" }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("live_series_subscriptions_uq").on(t.seriesId, t.userId)],
);

/** One row per learner and live: entries, watch time and the score built from them. */
export const liveWatchRecords = pgTable(
  "live_watch_records",
  {
    id: id(),
    liveId: liveRef(),
    userId: userRef(),
    entryCount: integer("entry_count").notNull().default(0),
    watchSeconds: integer("watch_seconds").notNull().default(0),
    playbackSeconds: integer("playback_seconds").notNull().default(0),
    interactions: integer("interactions").notNull().default(0),
    score: integer("score").notNull().default(0),
    orgName: varchar("org_name", { length: 50 }),
    areaCode: varchar("area_code", { length: 12 }),
    areaName: varchar("area_name", { length: 30 }),
    lastEntryAt: tz("last_entry_at"),
    lastLeaveAt: tz("last_leave_at"),
    /** Server time of the last presence report of this learner in the room (realtime process); null when away. */
    presenceAt: tz("presence_at"),
    /** Server time of the last replay report, so a replay report credits only the time since then. */
    playbackAt: tz("playback_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("live_watch_records_uq").on(t.liveId, t.userId), index("live_watch_records_user_idx").on(t.userId)],
);

/** Room comments; msgId is made by the realtime process so a retried batch is stored once. */
export const liveMessages = pgTable(
  "live_messages",
  {
    id: id(),
    msgId: varchar("msg_id", { length: 40 }).notNull(),
    liveId: liveRef(),
    userId: bigint("user_id", { mode: "number" }),
    nick: varchar("nick", { length: 40 }).notNull().default(""),
    content: varchar("content", { length: 500 }).notNull(),
    /** comment from a viewer, anchor from the host, robot from the assistant. */
    kind: varchar("kind", { length: 10 }).notNull().default("comment"),
    hidden: smallint("hidden").notNull().default(0),
    sentAt: tz("sent_at").notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("live_messages_msg_uq").on(t.msgId), index("live_messages_live_idx").on(t.liveId, t.sentAt)],
);

/**
 * Batches of likes a realtime process has had counted, by the id it gave the batch: a batch retried after
 * its answer was lost (a timeout while the app had stored it) is not counted again. Kept a day.
 */
export const liveLikeBatches = pgTable(
  "live_like_batches",
  { batchId: varchar("batch_id", { length: 40 }).primaryKey(), liveId: liveRef(), createdAt: createdAt() },
  (t) => [index("live_like_batches_created_idx").on(t.createdAt)],
);

export const liveMutes = pgTable(
  "live_mutes",
  { id: id(), liveId: liveRef(), userId: userRef(), createdAt: createdAt() },
  (t) => [uniqueIndex("live_mutes_uq").on(t.liveId, t.userId)],
);

export const liveNotices = pgTable("live_notices", { id: id(), liveId: liveRef(), content: text("content").notNull(), createdAt: createdAt() }, (t) => [
  index("live_notices_live_idx").on(t.liveId),
]);

export const liveGoods = pgTable(
  "live_goods",
  {
    id: id(),
    liveId: liveRef(),
    name: varchar("name", { length: 60 }).notNull(),
    coverUrl: text("cover_url"),
    /** Cents. */
    price: integer("price").notNull().default(0),
    linkUrl: text("link_url"),
    /** 1 put up in the room, 0 taken down. */
    status: smallint("status").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("live_goods_live_idx").on(t.liveId)],
);

/** An award (raffle): 0 created, 1 running (learners join), 2 drawn. */
export const liveRaffles = pgTable(
  "live_raffles",
  {
    id: id(),
    liveId: liveRef(),
    name: varchar("name", { length: 60 }).notNull(),
    awardName: varchar("award_name", { length: 60 }).notNull(),
    awardPicUrl: text("award_pic_url"),
    winnerCount: integer("winner_count").notNull(),
    durationSeconds: integer("duration_seconds").notNull().default(60),
    status: smallint("status").notNull().default(0),
    remark: varchar("remark", { length: 200 }),
    startedAt: tz("started_at"),
    endsAt: tz("ends_at"),
    drawnAt: tz("drawn_at"),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("live_raffles_live_idx").on(t.liveId)],
);

export const liveRaffleParticipants = pgTable(
  "live_raffle_participants",
  {
    id: id(),
    raffleId: bigint("raffle_id", { mode: "number" })
      .notNull()
      .references(() => liveRaffles.id, { onDelete: "cascade" }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("live_raffle_participants_uq").on(t.raffleId, t.userId)],
);

/** A winner's award record, with the address the prize is sent to. */
export const liveAwardRecords = pgTable(
  "live_award_records",
  {
    id: id(),
    raffleId: bigint("raffle_id", { mode: "number" })
      .notNull()
      .references(() => liveRaffles.id, { onDelete: "cascade" }),
    liveId: liveRef(),
    userId: userRef(),
    awardName: varchar("award_name", { length: 60 }).notNull(),
    /** 0 not received, 1 address given (the winner may still change it), 2 shipped (address frozen). */
    receiveStatus: smallint("receive_status").notNull().default(0),
    receiverName: varchar("receiver_name", { length: 30 }),
    receiverMobile: varchar("receiver_mobile", { length: 12 }),
    receiverAddress: varchar("receiver_address", { length: 200 }),
    receivedAt: tz("received_at"),
    shippedAt: tz("shipped_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("live_award_records_uq").on(t.raffleId, t.userId), index("live_award_records_user_idx").on(t.userId)],
);

/** A sign-in round: 0 created, 1 open, 2 ended. */
export const liveSigns = pgTable(
  "live_signs",
  {
    id: id(),
    liveId: liveRef(),
    status: smallint("status").notNull().default(1),
    durationSeconds: integer("duration_seconds").notNull().default(120),
    startedAt: tz("started_at").notNull().default(sql`now()`),
    endedAt: tz("ended_at"),
  },
  (t) => [index("live_signs_live_idx").on(t.liveId)],
);

export const liveSignRecords = pgTable(
  "live_sign_records",
  {
    id: id(),
    signId: bigint("sign_id", { mode: "number" })
      .notNull()
      .references(() => liveSigns.id, { onDelete: "cascade" }),
    liveId: liveRef(),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("live_sign_records_uq").on(t.signId, t.userId)],
);

export const liveSensitiveWords = pgTable("live_sensitive_words", { id: id(), word: varchar("word", { length: 40 }).notNull(), createdAt: createdAt() }, (t) => [
  uniqueIndex("live_sensitive_words_uq").on(t.word),
]);

/**
 * Caption sentences: from a speech-recognition engine (asr) or typed by an operator (human). Times
 * are ms from the start of the broadcast, so the replay can show them as WebVTT.
 */
export const liveCaptions = pgTable(
  "live_captions",
  {
    id: id(),
    liveId: liveRef(),
    sentenceId: varchar("sentence_id", { length: 64 }).notNull(),
    text: varchar("text", { length: 500 }).notNull(),
    beginMs: integer("begin_ms").notNull(),
    endMs: integer("end_ms").notNull(),
    source: varchar("source", { length: 10 }).notNull().default("asr"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("live_captions_sentence_uq").on(t.liveId, t.sentenceId), index("live_captions_live_idx").on(t.liveId, t.beginMs)],
);

/**
 * How many viewers one realtime process had in a live room, the largest it reported in each minute
 * (decision 035): the dashboard's peak concurrent viewers and a live's viewers over time add the
 * processes of a minute together.
 */
export const liveViewerSamples = pgTable(
  "live_viewer_samples",
  {
    liveId: liveRef(),
    minute: timestamp("minute", { withTimezone: true }).notNull(),
    /** The reporting realtime process (made at its start). */
    source: varchar("source", { length: 40 }).notNull(),
    online: integer("online").notNull(),
  },
  (t) => [primaryKey({ name: "live_viewer_samples_pk", columns: [t.liveId, t.minute, t.source] }), index("live_viewer_samples_minute_idx").on(t.minute)],
);
