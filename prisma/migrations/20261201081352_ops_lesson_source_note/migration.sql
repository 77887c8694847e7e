-- AlterTable
ALTER TABLE "lessons" ADD COLUMN     "source_note" TEXT;
