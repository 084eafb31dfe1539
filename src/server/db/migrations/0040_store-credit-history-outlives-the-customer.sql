ALTER TABLE "store_credit_movements" DROP CONSTRAINT "store_credit_movements_user_id_users_id_fk";
