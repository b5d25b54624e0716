CREATE TABLE "realtime_presence" (
	"socket_id" text NOT NULL,
	"project_id" integer NOT NULL,
	"process_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"asset_id" integer,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_presence_socket_id_project_id_pk" PRIMARY KEY("socket_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_presence_project_idx" ON "realtime_presence" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "realtime_presence_process_idx" ON "realtime_presence" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "realtime_presence_seen_idx" ON "realtime_presence" USING btree ("last_seen");