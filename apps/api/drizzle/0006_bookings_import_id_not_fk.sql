ALTER TABLE "bookings" DROP CONSTRAINT "bookings_import_id_imports_id_fk";
