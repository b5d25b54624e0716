-- Every change to a user's sessions or memberships announces the user's id on the channel emblem_access, in the
-- transaction that makes it: each Emblem process then forgets its cached session lookups of that user
-- (modules/auth/session-cache.ts, decision 0054). A trigger rather than a call in each operation, so that no
-- statement (sign-out, revocation, password change, role change, removal, a cascade from a deleted user or account)
-- can change access without it. The touch of last_seen_at changes nothing a lookup answers and announces nothing.
CREATE FUNCTION emblem_announce_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('emblem_access', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('emblem_access', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_access_change AFTER UPDATE OF token_hash, user_id, csrf_token, expires_at, revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION emblem_announce_access_change();
--> statement-breakpoint
CREATE TRIGGER memberships_access_change AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION emblem_announce_access_change();
