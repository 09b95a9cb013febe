// Development-only page (/dev/ui) showing every components/ui primitive in every variant, for review and screenshots.
// The English sample text is fixture data passed as props; real pages pass translated strings.
import {
  Bell,
  BookOpen,
  Inbox,
  LogOut,
  Menu,
  Moon,
  Pencil,
  Plus,
  Search,
  Settings,
  ShoppingCart,
  Sun,
  Trash2,
  User,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  Avatar,
  Badge,
  type BadgeTone,
  Banner,
  type BannerTone,
  Button,
  type ButtonSize,
  type ButtonVariant,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Checkbox,
  ConfirmDialog,
  Container,
  DatePicker,
  Dialog,
  DialogClose,
  Drawer,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  EmptyState,
  ErrorState,
  Field,
  FileDropZone,
  IconButton,
  Input,
  NumberInput,
  PageHeader,
  Pagination,
  ProgressBar,
  RadioGroup,
  Select,
  Skeleton,
  SkeletonText,
  SortableHeaderCell,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  Tooltip,
  useTableSort,
} from "../components/ui";

const buttonVariants: ButtonVariant[] = ["primary", "accent", "secondary", "ghost", "danger", "link"];
const buttonSizes: ButtonSize[] = ["sm", "md", "lg"];
const badgeTones: BadgeTone[] = ["neutral", "primary", "accent", "success", "warning", "danger", "info"];
const bannerTones: BannerTone[] = ["info", "success", "warning", "danger", "offline"];

const enrolments = [
  { learner: "Ana López", course: "Algebra I", progress: 80, status: "Active" },
  { learner: "Ben Carter", course: "World History", progress: 15, status: "Active" },
  { learner: "Chloé Martin", course: "Biology Basics", progress: 100, status: "Completed" },
  { learner: "Diego Ruiz", course: "Chemistry", progress: 0, status: "Paused" },
];
type EnrolmentKey = "learner" | "course" | "progress";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 border-t border-border py-8">
      <h2 className="text-2xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-4">{children}</div>;
}

function ThemeToggle() {
  const [night, setNight] = useState(() => document.documentElement.classList.contains("night-mode"));
  const toggle = () => {
    const next = !night;
    document.documentElement.classList.toggle("night-mode", next);
    document.documentElement.classList.toggle("day-mode", !next);
    setNight(next);
  };
  return (
    <Button variant="secondary" onClick={toggle}>
      {night ? <Sun aria-hidden="true" className="size-4" /> : <Moon aria-hidden="true" className="size-4" />}
      {night ? "Day mode" : "Night mode"}
    </Button>
  );
}

function SortableTableDemo() {
  const { sort, toggle, directionOf } = useTableSort<EnrolmentKey>({ key: "learner", direction: "asc" });
  const [page, setPage] = useState(1);
  const rows = [...enrolments].sort((a, b) => {
    if (!sort) return 0;
    const order = a[sort.key] < b[sort.key] ? -1 : a[sort.key] > b[sort.key] ? 1 : 0;
    return sort.direction === "asc" ? order : -order;
  });
  const tone: Record<string, BadgeTone> = { Active: "info", Completed: "success", Paused: "warning" };
  return (
    <div className="flex flex-col gap-4">
      <Table caption="Enrolments">
        <TableHead>
          <TableRow>
            <SortableHeaderCell direction={directionOf("learner")} onSort={() => toggle("learner")}>
              Learner
            </SortableHeaderCell>
            <SortableHeaderCell direction={directionOf("course")} onSort={() => toggle("course")}>
              Course
            </SortableHeaderCell>
            <SortableHeaderCell
              direction={directionOf("progress")}
              onSort={() => toggle("progress")}
              align="right"
            >
              Progress
            </SortableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell align="right">Actions</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.learner}>
              <TableCell>
                <span className="flex items-center gap-2">
                  <Avatar name={row.learner} size="sm" decorative />
                  {row.learner}
                </span>
              </TableCell>
              <TableCell>{row.course}</TableCell>
              <TableCell align="right" className="tabular-nums">
                {row.progress}%
              </TableCell>
              <TableCell>
                <Badge tone={tone[row.status] ?? "neutral"}>{row.status}</Badge>
              </TableCell>
              <TableCell align="right">
                <IconButton aria-label={`Edit ${row.learner}`} icon={<Pencil />} size="sm" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        pageCount={5}
        onPageChange={setPage}
        label="Enrolment pages"
        previousLabel="Previous"
        nextLabel="Next"
        pageLabel={(current, count) => `Page ${current} of ${count}`}
      />
    </div>
  );
}

function FormsDemo() {
  const [bio, setBio] = useState("I teach algebra to teenagers.");
  const [level, setLevel] = useState("beginner");
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Field label="Full name" hint="As it should appear on certificates." required>
        <Input placeholder="Ana López" autoComplete="name" />
      </Field>
      <Field label="Email" error="Enter a valid email address." required>
        <Input type="email" defaultValue="ana@example" />
      </Field>
      <Field label="Search the catalogue" labelHidden>
        <Input type="search" placeholder="Search the catalogue" />
      </Field>
      <Field label="Disabled input">
        <Input disabled defaultValue="Cannot change this" />
      </Field>
      <Field label="Seats" hint="Whole numbers only: e, +, -, . and , are blocked.">
        <NumberInput min={1} defaultValue={25} />
      </Field>
      <Field label="Start date">
        <DatePicker defaultValue="2025-09-01" />
      </Field>
      <Field label="Level" hint="Native select, styled.">
        <Select
          placeholder="Choose a level"
          defaultValue=""
          options={[
            { value: "beginner", label: "Beginner" },
            { value: "intermediate", label: "Intermediate" },
            { value: "advanced", label: "Advanced" },
          ]}
        />
      </Field>
      <Field label="Country" error="Choose your country.">
        <Select
          placeholder="Choose a country"
          defaultValue=""
          options={[
            { value: "es", label: "Spain" },
            { value: "gb", label: "United Kingdom" },
          ]}
        />
      </Field>
      <Field label="About you" hint="Shown on your public profile." className="md:col-span-2">
        <Textarea maxLength={200} value={bio} onChange={(event) => setBio(event.target.value)} />
      </Field>
      <div className="flex flex-col gap-1">
        <Checkbox label="Email me about new courses" defaultChecked />
        <Checkbox label="Make my profile public" description="Other learners can see your courses." />
        <Checkbox label="I accept the terms of use" error="You must accept the terms to continue." />
        <Checkbox label="Disabled option" disabled />
      </div>
      <div className="flex flex-col gap-6">
        <RadioGroup
          legend="Difficulty"
          name="difficulty"
          value={level}
          onValueChange={setLevel}
          options={[
            { value: "beginner", label: "Beginner", description: "No prior knowledge needed." },
            { value: "intermediate", label: "Intermediate" },
            { value: "advanced", label: "Advanced", disabled: true },
          ]}
        />
        <RadioGroup
          legend="Payment"
          name="payment"
          orientation="horizontal"
          required
          error="Choose a payment method."
          options={[
            { value: "card", label: "Card" },
            { value: "transfer", label: "Bank transfer" },
          ]}
        />
      </div>
    </div>
  );
}

function OverlaysDemo() {
  const [deleted, setDeleted] = useState(0);
  return (
    <Row>
      <Dialog
        trigger={<Button variant="secondary">Open dialog</Button>}
        title="Rename level"
        description="Learners see the new name at once."
        closeLabel="Close"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button>Save</Button>
          </>
        }
      >
        <Field label="Level name">
          <Input defaultValue="Fractions" />
        </Field>
      </Dialog>
      <ConfirmDialog
        trigger={
          <Button variant="danger">
            <Trash2 aria-hidden="true" className="size-4" />
            Delete course
          </Button>
        }
        title="Delete this course?"
        description="Its 12 lectures and all learner progress are removed. This cannot be undone."
        confirmLabel="Delete course"
        cancelLabel="Keep course"
        onConfirm={() =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              setDeleted((n) => n + 1);
              resolve();
            }, 800),
          )
        }
      />
      <span className="text-sm text-fg-muted">Deleted: {deleted}</span>
      <Drawer
        side="left"
        trigger={<IconButton aria-label="Open menu" icon={<Menu />} variant="secondary" />}
        title="Menu"
        closeLabel="Close menu"
      >
        <nav aria-label="Main" className="flex flex-col gap-1">
          {["Catalogue", "My learning", "Shop", "Support"].map((item) => (
            <Button key={item} variant="ghost" className="justify-start">
              {item}
            </Button>
          ))}
        </nav>
      </Drawer>
      <Drawer
        side="right"
        trigger={<IconButton aria-label="Open cart" icon={<ShoppingCart />} variant="secondary" />}
        title="Your cart"
        description="2 items"
        closeLabel="Close cart"
        footer={<Button variant="accent">Checkout</Button>}
      >
        <p className="text-sm">Algebra workbook</p>
        <p className="text-sm">Biology flashcards</p>
      </Drawer>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button type="button" className="rounded-full focus-ring" aria-label="Profile menu">
            <Avatar name="Ana López" decorative />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>ana@example.com</DropdownMenuLabel>
          <DropdownMenuItem>
            <User aria-hidden="true" />
            Profile
          </DropdownMenuItem>
          <DropdownMenuItem>
            <Settings aria-hidden="true" />
            Settings
          </DropdownMenuItem>
          <DropdownMenuItem disabled>
            <Bell aria-hidden="true" />
            Notifications (disabled)
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger">
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Tooltip content="Search the catalogue">
        <IconButton aria-label="Search" icon={<Search />} variant="secondary" />
      </Tooltip>
    </Row>
  );
}

function FilesDemo() {
  const [files, setFiles] = useState<File[]>(() => [
    new File(["x".repeat(2_400_000)], "lecture-video.mp4", { type: "video/mp4" }),
    new File(["x".repeat(180_000)], "worksheet.pdf", { type: "application/pdf" }),
  ]);
  const [rejection, setRejection] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <FileDropZone
        label="Drop files here or click to choose"
        hint="PDF, MP4 or images; up to 5 MB; at most 4 files"
        accept=".pdf,video/mp4,image/*"
        maxSize={5_000_000}
        maxFiles={4}
        files={files}
        onFilesChange={setFiles}
        onReject={(reason, file) => setRejection(`${file.name} refused: ${reason}`)}
        progress={{ "lecture-video.mp4": 45, "worksheet.pdf": 100 }}
        progressLabel={(file) => `Uploading ${file.name}`}
        removeLabel={(file) => `Remove ${file.name}`}
      />
      {rejection && <Banner tone="warning">{rejection}</Banner>}
      <FileDropZone label="Disabled drop zone" disabled />
    </div>
  );
}

export default function UiGallery() {
  const [tab, setTab] = useState("overview");
  return (
    <Container className="py-8">
      <PageHeader
        above="Development"
        title="UI gallery"
        subtitle="Every primitive of components/ui, in every variant."
        actions={
          <>
            <ThemeToggle />
            <Button variant="accent">
              <Plus aria-hidden="true" className="size-4" />
              Call to action
            </Button>
          </>
        }
      />

      <Section title="Colours">
        <Row>
          {[
            "bg-background",
            "bg-surface",
            "bg-surface-muted",
            "bg-primary",
            "bg-primary-soft",
            "bg-accent",
            "bg-accent-soft",
            "bg-success",
            "bg-warning",
            "bg-danger",
            "bg-info",
            "bg-border",
            "bg-border-strong",
          ].map((token) => (
            <div key={token} className="flex flex-col items-center gap-1">
              <div className={`size-16 rounded-md border border-border shadow-sm ${token}`} />
              <code className="text-xs text-fg-muted">{token.replace("bg-", "")}</code>
            </div>
          ))}
        </Row>
        <div className="flex flex-col gap-1">
          <p className="text-3xl font-semibold">32 / 3xl page title</p>
          <p className="text-2xl font-semibold">24 / 2xl section title</p>
          <p className="text-xl font-semibold">20 / xl card title</p>
          <p className="text-base">16 / base reading text with a line height of 1.5.</p>
          <p className="text-sm text-fg-muted">14 / sm secondary text in fg-muted</p>
          <p className="text-xs text-fg-muted">12 / xs captions and counters</p>
        </div>
      </Section>

      <Section title="Buttons">
        {buttonSizes.map((size) => (
          <Row key={size}>
            {buttonVariants.map((variant) => (
              <Button key={variant} variant={variant} size={size}>
                {variant} {size}
              </Button>
            ))}
          </Row>
        ))}
        <Row>
          <Button loading>Saving</Button>
          <Button variant="secondary" loading>
            Loading
          </Button>
          <Button disabled>Disabled</Button>
          <Button asChild variant="secondary">
            <a href="#buttons">Link with button look</a>
          </Button>
          <Button fullWidth variant="accent" className="sm:w-auto">
            Full width on phones
          </Button>
        </Row>
        <Row>
          <IconButton aria-label="Add" icon={<Plus />} variant="primary" />
          <IconButton aria-label="Edit" icon={<Pencil />} variant="secondary" />
          <IconButton aria-label="Notifications" icon={<Bell />} />
          <IconButton aria-label="Delete" icon={<Trash2 />} variant="danger" />
          <IconButton aria-label="Small settings" icon={<Settings />} size="sm" />
          <Spinner size="sm" />
          <Spinner />
          <Spinner size="lg" label="Loading" className="text-primary" />
        </Row>
      </Section>

      <Section title="Forms">
        <FormsDemo />
      </Section>

      <Section title="Badges and banners">
        <Row>
          {badgeTones.map((tone) => (
            <Badge key={tone} tone={tone}>
              {tone}
            </Badge>
          ))}
        </Row>
        {bannerTones.map((tone) => (
          <Banner
            key={tone}
            tone={tone}
            title={tone === "offline" ? "You are offline" : `A ${tone} message`}
            action={
              <Button variant="link" size="sm">
                Details
              </Button>
            }
            onDismiss={() => {}}
            dismissLabel="Dismiss"
          >
            {tone === "offline"
              ? "Changes are saved when the connection returns."
              : "Banners carry page-wide news and warnings."}
          </Banner>
        ))}
      </Section>

      <Section title="Tabs">
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Course sections">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="lectures">Lectures</TabsTrigger>
            <TabsTrigger value="reviews">Reviews</TabsTrigger>
            <TabsTrigger value="disabled" disabled>
              Disabled
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">An introduction to algebra for beginners.</TabsContent>
          <TabsContent value="lectures">12 lectures in 3 levels.</TabsContent>
          <TabsContent value="reviews">4.8 out of 5 from 230 learners.</TabsContent>
        </Tabs>
      </Section>

      <Section title="Table and pagination">
        <SortableTableDemo />
      </Section>

      <Section title="Cards, progress and avatars">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Card>
            <CardHeader>
              <CardTitle>Algebra I</CardTitle>
              <CardDescription>12 lectures · Beginner</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <ProgressBar
                value={8}
                max={12}
                label="Course progress"
                valueText="8 of 12 lectures"
                showValue
              />
              <ProgressBar value={100} label="Quiz" tone="success" showValue />
              <ProgressBar value={30} label="Upload" tone="accent" size="sm" />
              <ProgressBar label="Preparing certificate" />
            </CardContent>
            <CardFooter>
              <Button size="sm">Continue</Button>
              <Badge tone="primary">In progress</Badge>
            </CardFooter>
          </Card>
          <Card interactive asChild>
            <article>
              <CardHeader>
                <CardTitle>Interactive card</CardTitle>
                <CardDescription>Lifts on hover; rendered as an article.</CardDescription>
              </CardHeader>
              <CardContent>
                <Row>
                  <Avatar name="Ana López" size="sm" />
                  <Avatar name="Ben Carter" />
                  <Avatar name="Chloé Martin" size="lg" />
                  <Avatar name="Diego" />
                  <Avatar name="Elif Şahin" />
                  <Avatar name="Broken Image" src="/missing-avatar.png" />
                </Row>
              </CardContent>
            </article>
          </Card>
          <Card>
            <CardHeader>
              <Skeleton className="h-6 w-1/2" />
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <Skeleton className="aspect-video w-full" />
              <SkeletonText lines={3} />
            </CardContent>
          </Card>
        </div>
      </Section>

      <Section title="Empty and error states">
        <div className="grid gap-4 md:grid-cols-2">
          <EmptyState
            icon={<Inbox />}
            title="No courses yet"
            text="Browse the catalogue to enrol in your first course."
            action={
              <Button>
                <BookOpen aria-hidden="true" className="size-4" />
                Browse the catalogue
              </Button>
            }
          />
          <ErrorState
            title="Something went wrong"
            message="We could not load your courses. Check your connection and try again."
            retryLabel="Try again"
            onRetry={() => {}}
          />
        </div>
      </Section>

      <Section title="Files">
        <FilesDemo />
      </Section>

      <Section title="Dialogs, drawers, menus and tooltips">
        <OverlaysDemo />
      </Section>

      <Section title="Reading container">
        <Container size="reading" className="rounded-lg border border-border bg-surface py-6">
          <h3 className="text-xl font-semibold">Container size="reading"</h3>
          <p className="mt-2 text-base">
            Lecture and article pages keep lines short, about 70 characters, so reading text stays
            comfortable. The page container uses size="page" and full-bleed areas use size="full".
          </p>
        </Container>
      </Section>
    </Container>
  );
}
