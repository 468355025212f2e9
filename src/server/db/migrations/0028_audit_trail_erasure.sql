-- Written by hand (drizzle-kit does not generate functions; the schema is unchanged). The audit
-- trail stays append-only, with one exception the law requires: erasing a shopper's personal data
-- (UK GDPR article 17) takes their details out of the entries that hold them (an admin's note
-- naming them, an address as it was before an edit). Only the erasure may do it, inside its own
-- transaction, which sets shop.erasing_personal_data (set_config(..., true): it ends with the
-- transaction), and it may change only an entry's subject id and its before and after: who acted,
-- what they did and when are never rewritten. Deleting an entry stays refused.
CREATE OR REPLACE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND coalesce(current_setting('shop.erasing_personal_data', true), '') = 'on'
     AND (NEW.id, NEW.admin_id, NEW.admin_email, NEW.action, NEW.subject_type, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.admin_id, OLD.admin_email, OLD.action, OLD.subject_type, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;
