-- A paid order is final (SPEC §1: once paid, an order cannot be cancelled or refunded;
-- docs/decisions/006-orders-and-payments.md). The API has no such endpoint; these triggers
-- make the database refuse it too, whatever code or console tries. After payment only the
-- claim may still happen: user_id and company_id go from empty to set, once.
CREATE OR REPLACE FUNCTION orders_paid_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'paid' THEN
      RAISE EXCEPTION 'order % is paid and cannot be deleted', OLD.order_number USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'paid' AND (
       NEW.status <> 'paid'
    OR NEW.total <> OLD.total
    OR NEW.quote <> OLD.quote
    OR NEW.coupon_code IS DISTINCT FROM OLD.coupon_code
    OR NEW.plan <> OLD.plan
    OR NEW.billing <> OLD.billing
    OR NEW.services <> OLD.services
    OR NEW.wizard <> OLD.wizard
    OR NEW.email <> OLD.email
    OR NEW.order_number <> OLD.order_number
    OR NEW.paid_at IS DISTINCT FROM OLD.paid_at
    OR (OLD.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id)
    OR (OLD.company_id IS NOT NULL AND NEW.company_id IS DISTINCT FROM OLD.company_id)
  ) THEN
    RAISE EXCEPTION 'order % is paid and cannot be changed', OLD.order_number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_paid_is_final BEFORE UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_paid_is_final();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_succeeded_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'succeeded' THEN
      RAISE EXCEPTION 'payment % succeeded and cannot be deleted', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'succeeded' AND (NEW.status <> 'succeeded' OR NEW.amount <> OLD.amount OR NEW.order_id <> OLD.order_id) THEN
    RAISE EXCEPTION 'payment % succeeded and cannot be changed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_succeeded_is_final BEFORE UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_succeeded_is_final();
