-- CreateTable
CREATE TABLE "sign_up_attempts" (
    "id" BIGSERIAL NOT NULL,
    "address" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_up_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pending_sign_ups" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "tenant_name" TEXT,
    "invitation_code_hash" TEXT,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "confirmed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_sign_ups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body_text" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sign_up_attempts_address_at_idx" ON "sign_up_attempts"("address", "at");

-- CreateIndex
CREATE UNIQUE INDEX "pending_sign_ups_token_hash_key" ON "pending_sign_ups"("token_hash");

-- CreateIndex
CREATE INDEX "pending_sign_ups_email_created_at_idx" ON "pending_sign_ups"("email", "created_at");

-- CreateIndex
CREATE INDEX "pending_sign_ups_expires_at_idx" ON "pending_sign_ups"("expires_at");

-- CreateIndex
CREATE INDEX "mail_outbox_sent_at_next_attempt_at_idx" ON "mail_outbox"("sent_at", "next_attempt_at");

-- CreateIndex
CREATE INDEX "mail_outbox_to_address_created_at_idx" ON "mail_outbox"("to_address", "created_at");
