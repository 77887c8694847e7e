-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "experiment_arm" INTEGER,
ADD COLUMN     "experiment_id" TEXT,
ADD COLUMN     "experiment_item" INTEGER,
ADD COLUMN     "experiment_repeat" INTEGER;

-- CreateTable
CREATE TABLE "datasets" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "owner_id" TEXT NOT NULL,
    "shared" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "datasets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dataset_versions" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "dataset_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "items" JSONB NOT NULL,
    "item_count" INTEGER NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dataset_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experiments" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "owner_id" TEXT NOT NULL,
    "dataset_id" TEXT NOT NULL,
    "dataset_version_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "arms" JSONB NOT NULL,
    "repeats" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "waiting_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "experiments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "datasets_tenant_id_shared_owner_id_idx" ON "datasets"("tenant_id", "shared", "owner_id");

-- CreateIndex
CREATE INDEX "dataset_versions_tenant_id_idx" ON "dataset_versions"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "dataset_versions_dataset_id_version_key" ON "dataset_versions"("dataset_id", "version");

-- CreateIndex
CREATE INDEX "experiments_tenant_id_created_at_idx" ON "experiments"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "experiments_status_idx" ON "experiments"("status");

-- CreateIndex
CREATE UNIQUE INDEX "runs_experiment_id_experiment_arm_experiment_item_experimen_key" ON "runs"("experiment_id", "experiment_arm", "experiment_item", "experiment_repeat");

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_experiment_id_fkey" FOREIGN KEY ("experiment_id") REFERENCES "experiments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataset_versions" ADD CONSTRAINT "dataset_versions_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_dataset_version_id_fkey" FOREIGN KEY ("dataset_version_id") REFERENCES "dataset_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
