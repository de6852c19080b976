import { useState } from "react";
import { BarChart3, Inbox, Send, Server, Settings } from "lucide-react";
import type { EmailCredentials, KeyedProvider } from "#common/email-test/email-test.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Card } from "#client/ui/card.tsx";
import { Label } from "#client/ui/label.tsx";
import { Switch } from "#client/ui/switch.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/ui/tabs.tsx";
import { AnalyticsTab } from "./analytics-tab";
import { LiveSetup, type CredentialCheck } from "./live-setup";
import { SendEmailTab } from "./send-email-tab";
import { ReceiveEmailTab } from "./receive-email-tab";
import { ApiSettingsTab, ProvidersTab } from "./settings-tabs";

/** /admin/email-test: test mode (the site's own queue and provider) or live mode (keys typed here, for one request each). */
export function EmailTestPage() {
  const trpc = useTRPC();
  const status = useQuery(trpc.emailTest.status.queryOptions());
  const queryClient = useQueryClient();
  const [liveOn, setLiveOn] = useState(false);
  const [provider, setProvider] = useState<KeyedProvider | null>(null);
  const [credentials, setCredentials] = useState<EmailCredentials>({});
  const [check, setCheck] = useState<CredentialCheck>({ state: "idle" });
  const [testSent, setTestSent] = useState(false);
  const live = { on: liveOn, credentials };

  const toggleLive = (on: boolean) => {
    setLiveOn(on);
    if (on) {
      // Turning live mode on resets the setup steps and the credential test result.
      setProvider(null);
      setCheck({ state: "idle" });
      setTestSent(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="flex items-center gap-3">
          <Switch id="email-live-mode" checked={liveOn} onCheckedChange={toggleLive} />
          <Label htmlFor="email-live-mode" className="text-base font-semibold">
            Live mode
          </Label>
          <Badge variant={liveOn ? "brand" : "neutral"}>{liveOn ? "Live" : "Test"}</Badge>
        </div>
        <p className="text-sm text-ink-muted">
          {liveOn
            ? "Sends with the keys you type below, straight to the provider."
            : `Test mode: mail goes through the site's own queue and provider (${status.data?.provider ?? "…"}).`}
        </p>
      </Card>

      {liveOn ? (
        <LiveSetup
          provider={provider}
          onProviderChange={(next) => {
            setProvider(next);
            setCheck({ state: "idle" });
          }}
          credentials={credentials}
          onCredentialsChange={setCredentials}
          check={check}
          onCheck={setCheck}
          testSent={testSent}
          onTestSent={() => setTestSent(true)}
        />
      ) : null}

      <Tabs defaultValue="send">
        <TabsList aria-label="Email test" className="flex-wrap">
          <TabsTrigger value="send">
            <Send aria-hidden="true" />
            Send Email
          </TabsTrigger>
          <TabsTrigger value="receive">
            <Inbox aria-hidden="true" />
            Receive Email
          </TabsTrigger>
          <TabsTrigger value="settings">
            <Settings aria-hidden="true" />
            API Settings
          </TabsTrigger>
          <TabsTrigger value="providers">
            <Server aria-hidden="true" />
            Providers
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <BarChart3 aria-hidden="true" />
            Analytics
          </TabsTrigger>
        </TabsList>
        <TabsContent value="send">
          <SendEmailTab
            live={live}
            provider={provider ?? "resend"}
            onProviderChange={setProvider}
            status={status.data}
            onSent={() => void queryClient.invalidateQueries(trpc.emailTest.analytics.pathFilter())}
          />
        </TabsContent>
        <TabsContent value="receive">
          <ReceiveEmailTab />
        </TabsContent>
        <TabsContent value="settings">
          <ApiSettingsTab status={status.data} />
        </TabsContent>
        <TabsContent value="providers">
          <ProvidersTab current={status.data?.provider} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
